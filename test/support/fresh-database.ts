import { MikroORM } from '@mikro-orm/postgresql';
import { TEST_DATABASE_URL } from './test-env.js';
import { databaseName, onMaintenanceDatabase } from '../../backend/src/platform/database/migrate.js';
import { ormConfig } from '../../backend/src/platform/database/mikro-orm.config.js';
import { ENTITIES } from '../../backend/src/entities.js';

/**
 * A migrated database of one test file's own, beside the shared test database: tests that assert
 * exact row counts or the whole whitelist cannot see rows other files write at the same time.
 */
export async function freshDatabase(name: string): Promise<string> {
  const url = new URL(TEST_DATABASE_URL);
  const database = `${url.pathname.slice(1)}_${name}`;
  url.pathname = `/${database}`;
  await dropDatabase(url.toString());
  await onMaintenanceDatabase(url.toString(), `create database "${database}"`);
  const orm = await MikroORM.init({ ...ormConfig(url.toString(), ENTITIES), logger: () => undefined });
  try {
    await orm.migrator.up();
  } finally {
    await orm.close(true);
  }
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, `drop database if exists "${databaseName(url)}" with (force)`);
}

/** A database of one test file's own (`freshDatabase`) with an ORM on it; `close` drops both. */
export interface FreshOrm {
  orm: MikroORM;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A describe block's own database and ORM: made before its tests, dropped after them. */
export function useFreshOrm(name: string): () => MikroORM {
  let fresh: FreshOrm | undefined;
  beforeAll(async () => {
    fresh = await freshOrm(name);
  });
  afterAll(async () => {
    await fresh?.close();
  });
  return () => fresh!.orm;
}

export async function freshOrm(name: string): Promise<FreshOrm> {
  const databaseUrl = await freshDatabase(name);
  const orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
  return {
    orm,
    databaseUrl,
    async close() {
      await orm.close(true);
      await dropDatabase(databaseUrl);
    },
  };
}
