import { jest } from '@jest/globals';
import { INCOMPLETE_REASONS, type Nft } from '@nexus/contract';
import type { NftSource } from '../chain/index.js';
import { PermanentScanError } from './scan-execution.service.js';
import { fakeHoldings, FakeChain, FakeResolver } from './testing/fake-chain.js';
import { scanPayload, STAGES_IN_ORDER } from './testing/fake-state.js';
import { jobHarness, type JobHarness } from './testing/job-harness.js';
import { WalletScanService } from './wallet-scan.service.js';

const WALLET = '0x' + '77'.repeat(20);
const EMPTY_WALLET = '0x' + '88'.repeat(20);
const CATS = '0x' + '5a'.repeat(20);
const EDITIONS = '0x' + '6b'.repeat(20);

const holdings = fakeHoldings(CATS, 120, EDITIONS);

describe(WalletScanService.name, () => {
  const chain = new FakeChain([], { [WALLET]: holdings });
  let harness: JobHarness;
  let sut: WalletScanService;

  beforeEach(async () => {
    harness = await jobHarness(chain, new FakeResolver());
    sut = harness.module.get(WalletScanService);
  });

  afterEach(() => jest.restoreAllMocks());

  it('answers every NFT the wallet holds with its balance, grouped count of collections', async () => {
    const payload = scanPayload('wallet', WALLET);

    const outcome = await sut.run(payload);

    expect(outcome).toMatchObject({ totalNfts: 3, totalCollections: 2, isComplete: true });
    const { progress, cache, collections } = harness;
    expect(progress.stages(payload.key)).toEqual(STAGES_IN_ORDER);
    // Metadata is counted across the wallet's collections, not per collection.
    expect(progress.events.at(-1)).toMatchObject({ tokensFound: 3, tokensTotal: 3, metadataFetched: 3 });
    expect(cache.entries.get(payload.key)).toMatchObject({
      kind: 'wallet',
      value: { meta: { totalCollections: 2, isComplete: true } },
    });
    expect(
      cache.nfts<Nft>(payload.key).map((n) => [n.contract.name, n.tokenId, n.tokenType, n.balance, n.name]),
    ).toEqual([
      ['Fake Cats', '3', 'ERC-721', 1, 'Fake Cat #3'],
      ['Fake Cats', '9', 'ERC-721', 1, 'Fake Cat #9'],
      ['Fake Editions', '1', 'ERC-1155', 5, 'Fake Cat #1'],
    ]);
    expect(collections.holdingsSaved[0]!.map((h) => [h.info.address, h.nfts.length])).toEqual([
      [CATS, 2],
      [EDITIONS, 1],
    ]);
    expect(progress.completed).toEqual([{ key: payload.key, ...outcome }]);
    expect(harness.queue.enqueued).toEqual([]);
  });

  it.each([
    ["the reader's own reason", INCOMPLETE_REASONS.quota, INCOMPLETE_REASONS.quota],
    ["a source's own words, never shown", 'stopped at the cap of 1 pages', INCOMPLETE_REASONS.source],
  ])('flags holdings the source could not read whole as partial, with %s', async (_, told, shown) => {
    const read = chain.getWalletHoldings.bind(chain);
    jest
      .spyOn(chain as NftSource, 'getWalletHoldings')
      .mockImplementation(async (network, owner, options) => {
        options.onIncomplete?.(told);
        return read(network, owner);
      });
    const payload = scanPayload('wallet', WALLET);

    const outcome = await sut.run(payload);

    expect(outcome).toMatchObject({ totalNfts: 3, isComplete: false, incompleteReason: shown });
    expect(harness.cache.entries.get(payload.key)!.value.meta).toMatchObject({
      isComplete: false,
      incompleteReason: shown,
    });
    expect(harness.progress.completed).toEqual([{ key: payload.key, ...outcome }]);
  });

  it('gives the NFTs the ranks stored for their collection', async () => {
    harness.collections.ranks.set('9', { rarityScore: 3.5, rarityRank: 1 });
    const payload = scanPayload('wallet', WALLET);

    await sut.run(payload);

    expect(harness.cache.nfts<Nft>(payload.key).map((n) => [n.tokenId, n.rarityRank, n.rarityScore])).toEqual(
      [
        ['3', null, null],
        ['9', 1, 3.5],
        ['1', null, null],
      ],
    );
  });

  it('answers an empty wallet with no NFTs and no error', async () => {
    const payload = scanPayload('wallet', EMPTY_WALLET);

    await expect(sut.run(payload)).resolves.toMatchObject({ totalNfts: 0, totalCollections: 0 });
    expect(harness.cache.nfts(payload.key)).toEqual([]);
  });

  it('fails (for Bull to retry) when the chain fails, with the run logged as failed', async () => {
    jest.spyOn(chain, 'getWalletHoldings').mockRejectedValueOnce(new Error('rate limited'));
    const run = sut.run(scanPayload('wallet', WALLET), 3);

    await expect(run).rejects.toThrow('rate limited');
    await expect(run).rejects.not.toBeInstanceOf(PermanentScanError);
    expect(harness.runs.runs).toEqual([
      expect.objectContaining({ attempt: 3, outcome: expect.objectContaining({ status: 'failed' }) }),
    ]);
    expect(harness.cache.entries.size).toBe(0);
  });
});
