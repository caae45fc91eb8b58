import { useFreshOrm } from '../../../test/support/fresh-database.js';
import { executeBound } from '../platform/database/index.js';
import { TransferActivityReader } from './transfer-activity.reader.js';
import type { TransferRow } from './transfer-index.rows.js';
import { removeRows, writeTransfers } from './transfer-window.sql.js';

const KITTIES = '0x00000000000000000000000000000000000000c1';
const EDITIONS = '0x00000000000000000000000000000000000000c2';
const [ALICE, BOB, CAROL] = [
  '0x00000000000000000000000000000000000000a1',
  '0x00000000000000000000000000000000000000b0',
  '0x00000000000000000000000000000000000000c0',
];
const ZERO = '0x0000000000000000000000000000000000000000';

let position = 0;
function move(
  blockNumber: number,
  contract: string,
  tokenId: number,
  from: string,
  to: string,
  amount = 1,
): TransferRow {
  return {
    blockNumber: BigInt(blockNumber),
    logIndex: 0,
    position: position++,
    contract,
    tokenId: BigInt(tokenId),
    from,
    to,
    amount: BigInt(amount),
    standard: contract === EDITIONS ? 'ERC-1155' : 'ERC-721',
    txHash: null,
    blockTime: null,
  };
}

/**
 * The holder counts the window writes and rollbacks keep in `nft_holder`, against real PostgreSQL:
 * after every step they equal the counts grouped afresh from the owners and balances.
 */
describe('holder counts (nft_holder)', () => {
  const ormOf = useFreshOrm('holder_counts');

  const write = (rows: TransferRow[]) =>
    ormOf()
      .em.fork()
      .transactional((em) => writeTransfers(em, 'polygon', rows));
  const rollBack = (toBlock: number) =>
    ormOf()
      .em.fork()
      .transactional((em) => removeRows(em, 'polygon', BigInt(toBlock)));

  /** The kept counts, `contract owner tokens` a line. */
  const kept = async () =>
    (
      await executeBound<{ c: string; o: string; t: string }>(
        ormOf().em.fork(),
        `select contract as c, owner as o, tokens::text as t from nft_holder where network = 'polygon'
          order by 1, 2`,
        [],
      )
    ).map((row) => `${row.c.slice(-2)} ${row.o.slice(-2)} ${row.t}`);

  /** The same counts grouped from the owners and balances (what the holders routes read before). */
  const grouped = async () =>
    (
      await executeBound<{ c: string; o: string; t: string }>(
        ormOf().em.fork(),
        `select c, o, sum(t)::text as t from (
           select contract as c, owner as o, count(*)::numeric as t from nft_owner
            where network = 'polygon' and owner <> '${ZERO}' group by 1, 2
           union all
           select contract, owner, sum(balance) from nft_balance
            where network = 'polygon' and balance > 0 group by 1, 2) held
          group by 1, 2 order by 1, 2`,
        [],
      )
    ).map((row) => `${row.c.slice(-2)} ${row.o.slice(-2)} ${row.t}`);

  it('counts mints, transfers and burns, keeps a replayed window once and undoes a reorg', async () => {
    const toBob = move(11, KITTIES, 1, ALICE, BOB);
    await write([
      move(10, KITTIES, 1, ZERO, ALICE),
      move(10, KITTIES, 2, ZERO, ALICE),
      move(10, KITTIES, 3, ZERO, BOB),
      move(10, EDITIONS, 7, ZERO, ALICE, 5),
      toBob,
      // Token 2 away and back within one window: Alice keeps it.
      move(11, KITTIES, 2, ALICE, CAROL),
      move(11, KITTIES, 2, CAROL, ALICE),
      move(11, EDITIONS, 7, ALICE, CAROL, 2),
    ]);
    expect(await kept()).toEqual(['c1 a1 1', 'c1 b0 2', 'c2 a1 3', 'c2 c0 2']);
    expect(await kept()).toEqual(await grouped());

    // The index writes a window again after a restart: the owners' chain positions keep it counted once.
    await write([toBob]);
    expect(await kept()).toEqual(await grouped());

    await write([
      move(20, KITTIES, 3, BOB, ZERO),
      move(20, KITTIES, 1, BOB, CAROL),
      move(20, EDITIONS, 7, CAROL, ZERO, 2),
      move(21, EDITIONS, 8, ZERO, BOB, 4),
    ]);
    // Bob's kitties went (one burned, one to Carol): his row goes, his editions stay.
    expect(await kept()).toEqual(['c1 a1 1', 'c1 c0 1', 'c2 a1 3', 'c2 b0 4']);
    expect(await kept()).toEqual(await grouped());

    // A reorg undoes blocks 20 and 21: the counts of block 11 come back.
    await rollBack(19);
    expect(await kept()).toEqual(['c1 a1 1', 'c1 b0 2', 'c2 a1 3', 'c2 c0 2']);
    expect(await kept()).toEqual(await grouped());

    await rollBack(10);
    expect(await kept()).toEqual(['c1 a1 2', 'c1 b0 1', 'c2 a1 5']);
    expect(await kept()).toEqual(await grouped());

    await rollBack(-1);
    expect(await kept()).toEqual([]);
  });

  it('counts an ERC-1155 holder by its positive balances only (a range that starts after its mint)', async () => {
    // Carol sends units the index never saw her receive: her balance goes below zero, counted as none.
    await write([move(30, EDITIONS, 9, CAROL, ALICE, 3), move(30, EDITIONS, 10, ZERO, CAROL, 2)]);
    expect(await kept()).toEqual(['c2 a1 3', 'c2 c0 2']);
    await write([move(31, EDITIONS, 9, ZERO, CAROL, 5)]);
    expect(await kept()).toEqual(['c2 a1 3', 'c2 c0 4']);
    expect(await kept()).toEqual(await grouped());
    await rollBack(30);
    expect(await kept()).toEqual(['c2 a1 3', 'c2 c0 2']);
    expect(await kept()).toEqual(await grouped());
  });

  it('pages holders from the kept counts, most tokens first, by cursor', async () => {
    await rollBack(-1);
    const mints = Array.from({ length: 12 }, (_, index) =>
      move(40, KITTIES, index, ZERO, [ALICE, BOB, CAROL][index % 5 === 0 ? 0 : index % 2 ? 1 : 2]!),
    );
    await write(mints);
    const reader = new TransferActivityReader(ormOf().em);
    const first = await reader.collectionHolders('polygon', KITTIES, null, 2);
    expect(first.totals).toEqual({ holders: 3, held: 12n });
    // Alice 3, Bob 5, Carol 4.
    expect(first.page.map((row) => `${row.owner.slice(-2)} ${row.tokens}`)).toEqual(['b0 5', 'c0 4']);
    const next = await reader.collectionHolders('polygon', KITTIES, first.page[1]!, 2);
    expect(next.page.map((row) => `${row.owner.slice(-2)} ${row.tokens}`)).toEqual(['a1 3']);
    const stats = await reader.holderDistribution('polygon', KITTIES, [
      { min: 1, max: 1 },
      { min: 2, max: 5 },
      { min: 6, max: null },
    ]);
    expect(stats.counts).toEqual([0, 3, 0]);
  });
});
