import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { MIGRATIONS } from './migrations/index.js';

/** The domains' entities, listed by the composition root (backend/src/entities.ts). */
export type Entities = NonNullable<Options['entities']>;

/** ORM options for a database URL and the domains' entities: the API, the workers and the tests share them. */
export function ormConfig(databaseUrl: string, entities: Entities) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
