import { EntitySchema } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, freshDatabase } from '../../../test/support/fresh-database.js';
import { ENTITIES } from './entities.js';
import { ormConfig } from './mikro-orm.config.js';

/**
 * Rules the hand-written migrations give the database that the entities do not state (MikroORM
 * cannot declare a foreign key on a plain id column, and the checks guard values the DTOs already
 * validate). Comparing entities with the database proposes to drop them: exactly these, nothing else.
 */
const SQL_ONLY_RULES = [
  // nft.collection_id: rows go with their collection.
  'alter table "nft" drop constraint "nft_collection_id_fkey";',
  // SPEC §3 value ranges of a whitelisted collection.
  'alter table "whitelisted_collection" drop constraint "whitelisted_collection_animation_direction_check";',
  'alter table "whitelisted_collection" drop constraint "whitelisted_collection_animation_speed_check";',
  'alter table "whitelisted_collection" drop constraint "whitelisted_collection_bubble_count_check";',
  'alter table "whitelisted_collection" drop constraint "whitelisted_collection_bubble_size_check";',
  'alter table "whitelisted_collection" alter column "background_image_urls" drop default;',
];

/** What the entities would change in the database: one statement per line, the SQL-only rules left out. */
async function pendingChanges(orm: MikroORM): Promise<string[]> {
  const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  return sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !SQL_ONLY_RULES.includes(line));
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
      ...ormConfig(databaseUrl),
      entities: entities as typeof ENTITIES,
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
