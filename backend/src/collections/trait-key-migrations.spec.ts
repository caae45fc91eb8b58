import { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, freshDatabase } from '../../../test/support/fresh-database.js';
import { ENTITIES } from '../entities.js';
import { ormConfig } from '../platform/database/index.js';
import { recountTraits } from './collection-trait-counts.js';

const BEFORE = 'Migration20261208000000_transfer_history_scope';

/**
 * The trait key migrations on rows stored before them: Migration20261209000000_trait_trim (the
 * functions trimmed the letter v) and Migration20261209100000_trait_keys_written (the columns are
 * written with the row, or by a trigger).
 */
describe('trait key migrations', () => {
  let databaseUrl: string;
  let orm: MikroORM;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('trait_key_migrations');
    orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
  });

  afterAll(async () => {
    await orm?.close(true);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(text, params);

  const stored = async (id: string) => ({
    keys: (
      await sql<{ k: string }>(
        `select distinct unnest(trait_keys) as k from nft where collection_id = ? order by k`,
        [id],
      )
    ).map((r) => r.k),
    counts: (
      await sql<{ facet: string; count: number }>(
        `select facet, count from collection_trait_count where collection_id = ? order by facet`,
        [id],
      )
    ).map((r) => [r.facet, r.count]),
  });

  it('writes again the rows and kept counts the letter v was trimmed from, then fills written keys', async () => {
    await orm.migrator.down({ to: BEFORE });
    const [{ id }] = await sql<{ id: string }>(
      `insert into collection (created_at, updated_at, network, address, name, symbol, standard, enumerable, description)
       values (now(), now(), 'polygon', '0x00000000000000000000000000000000007a1e53', 'Views', 'V', 'ERC-721', true, '')
       returning id`,
    );
    await sql(
      `insert into nft (created_at, updated_at, collection_id, token_id, name, description, attributes, metadata_status)
       select now(), now(), ?, t::text, '', '', ?::jsonb, 'ok' from generate_series(1, 2) t`,
      [id, JSON.stringify([{ trait_type: 'view', value: 'vr' }])],
    );
    await recountTraits(orm.em.fork(), id);
    expect(await stored(id)).toEqual({
      keys: ['iew', 'iew\u001fr'],
      counts: [
        ['', 2],
        ['iew', 2],
        ['iew\u001fr\u001fiew\u001fr', 2],
      ],
    });

    await orm.migrator.up();
    expect(await stored(id)).toEqual({
      keys: ['view', 'view\u001fvr'],
      counts: [
        ['', 2],
        ['view', 2],
        ['view\u001fvr\u001fview\u001fvr', 2],
      ],
    });
    // A row written without its keys gets them from the functions, and again when its attributes change.
    await sql(
      `insert into nft (created_at, updated_at, collection_id, token_id, name, description, attributes, metadata_status)
       values (now(), now(), ?, '3', '', '', '[{"trait_type": "Hat", "value": " Vest"}]', 'ok')`,
      [id],
    );
    const keysOf = async () =>
      (
        await sql<{ trait_keys: string[] }>(
          `select trait_keys from nft where collection_id = ? and token_id = '3'`,
          [id],
        )
      )[0]!.trait_keys;
    expect(await keysOf()).toEqual(['hat', 'hat\u001fvest']);
    await sql(
      `update nft set attributes = '[{"trait_type": "Hat", "value": "Cap"}]' where collection_id = ? and token_id = '3'`,
      [id],
    );
    expect(await keysOf()).toEqual(['hat', 'hat\u001fcap']);
    // A rank written leaves the keys as they are (no function runs).
    await sql(
      `update nft set trait_keys = '{kept}', rarity_rank = 1 where collection_id = ? and token_id = '3'`,
      [id],
    );
    await sql(`update nft set rarity_rank = 2 where collection_id = ? and token_id = '3'`, [id]);
    expect(await keysOf()).toEqual(['kept']);
  });
});
