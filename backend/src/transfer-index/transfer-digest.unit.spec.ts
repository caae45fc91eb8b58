import { activityKey } from '@nexus/contract';
import { LIVE_MAX_WALLETS, TransferDigest } from './transfer-digest.js';
import { ZERO, type TransferRow } from './transfer-index.rows.js';

const APES = '0x00000000000000000000000000000000000000a1';
const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const row = (
  blockNumber: bigint,
  tokenId: bigint,
  from: string,
  to: string,
  contract = APES,
): TransferRow => ({
  blockNumber,
  logIndex: 0,
  position: 0,
  contract,
  tokenId,
  from,
  to,
  amount: 1n,
  standard: 'ERC-721',
  txHash: null,
  blockTime: null,
});

describe(TransferDigest.name, () => {
  it('tells one collection event and capped wallet events of a 1,000,000-mint window', () => {
    const sut = new TransferDigest();
    function* mints(): Generator<TransferRow> {
      for (let i = 1; i <= 1_000_000; i++) yield row(100n + BigInt(i % 7), BigInt(i), ZERO, wallet(i));
    }
    let passed = 0;
    for (const _ of sut.watch(mints())) passed += 1;

    const events = sut.events('ethereum');
    expect(passed).toBe(1_000_000);
    expect(events).toHaveLength(1 + LIVE_MAX_WALLETS);
    expect(events[0]).toEqual({
      key: activityKey('collection', 'ethereum', APES),
      network: 'ethereum',
      contracts: [APES],
      fromBlock: 100,
      toBlock: 106,
      transfers: 1_000_000,
      mints: 1_000_000,
      burns: 0,
      tokenIds: null,
    });
    expect(sut.droppedWallets).toBe(1_000_000 - LIVE_MAX_WALLETS);
    expect(JSON.stringify(events).length).toBeLessThan(200_000);
  });

  it('lists the tokens moved, a wallet once per transfer between its own addresses, and no zero address', () => {
    const sut = new TransferDigest();
    sut.add(row(5n, 1n, wallet(1), wallet(2)));
    sut.add(row(6n, 2n, wallet(2), ZERO));
    sut.add(row(7n, 3n, wallet(3), wallet(3)));
    const byKey = new Map(sut.events('polygon').map((event) => [event.key, event]));
    expect(byKey.get(activityKey('collection', 'polygon', APES))).toMatchObject({
      fromBlock: 5,
      toBlock: 7,
      transfers: 3,
      burns: 1,
      tokenIds: ['1', '2', '3'],
    });
    expect(byKey.get(activityKey('wallet', 'polygon', wallet(2)))).toMatchObject({ transfers: 2, burns: 1 });
    expect(byKey.get(activityKey('wallet', 'polygon', wallet(3)))).toMatchObject({ transfers: 1 });
    expect(byKey.has(activityKey('wallet', 'polygon', ZERO))).toBe(false);
  });
});
