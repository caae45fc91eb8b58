import type { EntityManager } from '@mikro-orm/postgresql';
import type { TransferRow } from './transfer-index.rows.js';
import { writeTransfers } from './transfer-window.sql.js';

const CONTRACT = '0x00000000000000000000000000000000000000aa';
const ALICE = '0x00000000000000000000000000000000000000a1';
const BOB = '0x00000000000000000000000000000000000000b0';
const ZERO = '0x0000000000000000000000000000000000000000';

/** What one statement of the window was given: its SQL and its parameters. */
interface Statement {
  sql: string;
  parameters: unknown[];
  /** Transfers the window's source had handed out when the statement ran. */
  pulled: number;
}

/** An entity manager whose transaction records the statements instead of running them. */
function recordingEm(statements: Statement[], pulled: () => number): EntityManager {
  const executor = {
    executeQuery: async (query: { sql: string; parameters: unknown[] }) => {
      statements.push({ sql: query.sql, parameters: query.parameters, pulled: pulled() });
      return { rows: [] };
    },
  };
  return { getTransactionContext: () => executor } as unknown as EntityManager;
}

/**
 * A million-token batch mint in one window, as the dev world's huge collection makes: token 7 then
 * moves from Alice to Bob, far past the first slice.
 */
function* batchMint(count: number, counter: { pulled: number }): Generator<TransferRow> {
  for (let id = 0; id < count; id++) {
    counter.pulled++;
    yield row({ position: id, tokenId: BigInt(id), from: ZERO, to: ALICE });
  }
  counter.pulled++;
  yield row({ blockNumber: 11n, position: 0, tokenId: 7n, from: ALICE, to: BOB });
}

function row(overrides: Partial<TransferRow>): TransferRow {
  return {
    blockNumber: 10n,
    logIndex: 0,
    position: 0,
    contract: CONTRACT,
    tokenId: 0n,
    from: ZERO,
    to: ALICE,
    amount: 1n,
    standard: 'ERC-721',
    txHash: null,
    blockTime: null,
    ...overrides,
  };
}

const ownerStatements = (statements: Statement[]) =>
  statements.filter((statement) => statement.sql.includes('insert into nft_owner'));

describe('writeTransfers', () => {
  it('stores a window slice by slice, never holding more than a slice of its transfers', async () => {
    const counter = { pulled: 0 };
    const statements: Statement[] = [];
    const written = await writeTransfers(
      recordingEm(statements, () => counter.pulled),
      'polygon',
      batchMint(50_000, counter),
    );

    expect(written).toBe(50_001);
    // The first transfers are written before the source has handed out more than one slice.
    const first = statements.find((statement) => statement.sql.includes('insert into nft_transfer'))!;
    expect(first.pulled).toBeLessThanOrEqual(20_001);
    const inserted = statements
      .filter((statement) => statement.sql.includes('insert into nft_transfer'))
      .map((statement) => (statement.parameters[1] as unknown[]).length);
    expect(inserted).toEqual([20_000, 20_000, 10_001]);
  });

  it('lets a later slice own a token an earlier slice minted, by chain position', async () => {
    const counter = { pulled: 0 };
    const statements: Statement[] = [];
    await writeTransfers(
      recordingEm(statements, () => counter.pulled),
      'polygon',
      batchMint(50_000, counter),
    );

    // Each slice writes its own owners; the last one names Bob for token 7 at block 11, and the
    // statement keeps a stored owner only when it is later in the chain than the one written.
    const owners = ownerStatements(statements);
    expect(owners).toHaveLength(3);
    const last = owners[2]!.parameters;
    const tokens = last[2] as string[];
    expect(last[3] as string[]).toContain(BOB);
    expect((last[3] as string[])[tokens.indexOf('7')]).toBe(BOB);
    expect((last[4] as string[])[tokens.indexOf('7')]).toBe('11');
    expect(owners[2]!.sql).toMatch(
      /where \(nft_owner\.block_number, nft_owner\.log_index, nft_owner\.position\)\s+< \(excluded/,
    );
  });

  it('adds up ERC-1155 balances across slices and records a contract once, at its first block', async () => {
    const counter = { pulled: 0 };
    function* moves(): Generator<TransferRow> {
      for (let index = 0; index < 20_000; index++) {
        counter.pulled++;
        yield row({ standard: 'ERC-1155', position: index, tokenId: 1n, amount: 1n, from: ZERO, to: ALICE });
      }
      counter.pulled++;
      yield row({ standard: 'ERC-1155', blockNumber: 12n, tokenId: 1n, amount: 5n, from: ALICE, to: BOB });
    }
    const statements: Statement[] = [];
    await writeTransfers(
      recordingEm(statements, () => counter.pulled),
      'polygon',
      moves(),
    );

    const balances = statements.filter((statement) => statement.sql.includes('insert into nft_balance'));
    expect(balances.map((statement) => [statement.parameters[3], statement.parameters[4]])).toEqual([
      [[ALICE], ['20000']],
      [
        [BOB, ALICE],
        ['5', '-5'],
      ],
    ]);
    expect(balances[0]!.sql).toContain('balance = nft_balance.balance + excluded.balance');
    const contracts = statements.filter((statement) =>
      statement.sql.includes('insert into indexed_contract'),
    );
    // Once per slice, the first at the contract's first block; later ones change nothing.
    expect(contracts[0]!.parameters[2]).toEqual(['10']);
    expect(
      contracts.every((statement) => statement.sql.includes('on conflict (network, address) do nothing')),
    ).toBe(true);
  });
});
