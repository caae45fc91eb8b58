import { EntitySchema } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, freshDatabase } from '../../../../test/support/fresh-database.js';
import { ENTITIES } from '../../entities.js';
import { ormConfig, type Entities } from './mikro-orm.config.js';

/**
 * What the hand-written migrations may give the database beyond what the entities state: comparing
 * entities with the database proposes to take these away, which is no difference that matters
 * (the migrations are hand-written SQL). Anything else (a table, a column, a type, a null, an index or a
 * foreign key that the database lacks or has differently) is a forgotten migration.
 */
const SQL_ONLY_RULES = [
  // CHECK constraints (value ranges the DTOs also validate).
  /^alter table "\w+" drop constraint "\w+_check";$/,
  // Foreign keys on plain id columns, which MikroORM cannot declare.
  /^alter table "\w+" drop constraint "\w+_fkey";$/,
  // Column defaults.
  /^alter table "\w+" alter column "\w+" drop default;$/,
  // SQL functions (a generated column's expression, e.g. nft_trait_keys).
  /^drop function if exists "\w+"\([\w, ]*\);$/,
  // Triggers (nft_trait_columns: the trait keys of a row written without them).
  /^drop trigger if exists "\w+" on "\w+";$/,
  // An index name PostgreSQL cut at 63 characters, which MikroORM shortens otherwise.
  /^alter index "\w+" rename to "\w+";$/,
];

/** What the entities would change in the database, the SQL-only rules left out: one statement a line. */
async function pendingChanges(orm: MikroORM): Promise<string[]> {
  const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  const statements = sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  // A foreign key both sides declare, under PostgreSQL's name (`_fkey`) and MikroORM's (`_foreign`).
  const droppedKeys = new Set(
    statements.flatMap((line) => /drop constraint "(\w+)_fkey";$/.exec(line)?.[1] ?? []),
  );
  return statements.filter((line) => {
    if (SQL_ONLY_RULES.some((rule) => rule.test(line))) return false;
    const added = /add constraint "(\w+)_foreign" foreign key/.exec(line)?.[1];
    return !(added && droppedKeys.has(added));
  });
}

/**
 * The entities and the migrations describe one schema: an entity changed without its migration (or a
 * migration without its entity) leaves a difference here, and CI fails.
 */
describe('database schema', () => {
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('schema');
  });

  afterAll(async () => {
    await dropDatabase(databaseUrl);
  });

  async function withOrm<T>(entities: unknown[], work: (orm: MikroORM) => Promise<T>): Promise<T> {
    const orm = await MikroORM.init({
      ...ormConfig(databaseUrl, entities as Entities),
      logger: () => undefined,
    });
    try {
      return await work(orm);
    } finally {
      await orm.close(true);
    }
  }

  it('is what the entities describe once every migration has run', async () => {
    await withOrm(ENTITIES, async (orm) => {
      expect(await orm.migrator.getPending()).toEqual([]);
      expect(await pendingChanges(orm)).toEqual([]);
    });
  });

  it('tells an entity whose migration was forgotten', async () => {
    const forgotten = new EntitySchema({
      name: 'Forgotten',
      tableName: 'forgotten',
      properties: { id: { type: 'bigint', primary: true }, note: { type: 'text' } },
    });

    const changes = await withOrm([...ENTITIES, forgotten], pendingChanges);

    expect(changes.join('\n')).toContain('create table "forgotten"');
  });
});
