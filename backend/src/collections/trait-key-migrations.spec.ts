import { useFreshOrm } from '../../../test/support/fresh-database.js';
import { recountTraits } from './collection-trait-counts.js';

const BEFORE = 'Migration20261208000000_transfer_history_scope';

/**
 * The trait key migrations on rows stored before them: Migration20261209000000_trait_trim (the
 * functions trimmed the letter v) and Migration20261209100000_trait_keys_written (the columns are
 * written with the row, or by a trigger).
 */
describe('trait key migrations', () => {
  const ormOf = useFreshOrm('trait_key_migrations');

  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    ormOf().em.getConnection().execute<T[]>(text, params);

  /** NFT rows written past the repository, without their keys. */
  const insertNfts = (id: string, tokenIds: string[], attributes: unknown[]) =>
    sql(
      `insert into nft (created_at, updated_at, collection_id, token_id, name, description, attributes, metadata_status)
       select now(), now(), ?, t, '', '', ?::jsonb, 'ok' from jsonb_array_elements_text(?::jsonb) t`,
      [id, JSON.stringify(attributes), JSON.stringify(tokenIds)],
    );

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

  /** What two NFTs carrying one type and value (the same as label and key) leave stored. */
  const twoNftsOf = (type: string, value: string) => ({
    keys: [type, `${type}\u001f${value}`],
    counts: [
      ['', 2],
      [type, 2],
      [`${type}\u001f${value}\u001f${type}\u001f${value}`, 2],
    ],
  });

  it('writes again the rows and kept counts the letter v was trimmed from, then fills written keys', async () => {
    await ormOf().migrator.down({ to: BEFORE });
    const [{ id }] = await sql<{ id: string }>(
      `insert into collection (created_at, updated_at, network, address, name, symbol, standard, enumerable, description)
       values (now(), now(), 'polygon', '0x00000000000000000000000000000000007a1e53', 'Views', 'V', 'ERC-721', true, '')
       returning id`,
    );
    await insertNfts(id, ['1', '2'], [{ trait_type: 'view', value: 'vr' }]);
    await recountTraits(ormOf().em.fork(), id);
    // The letter v trimmed: "view" stored as "iew", "vr" as "r".
    expect(await stored(id)).toEqual(twoNftsOf('iew', 'r'));

    await ormOf().migrator.up();
    expect(await stored(id)).toEqual(twoNftsOf('view', 'vr'));
    // A row written without its keys gets them from the functions, and again when its attributes change.
    await insertNfts(id, ['3'], [{ trait_type: 'Hat', value: ' Vest' }]);
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
