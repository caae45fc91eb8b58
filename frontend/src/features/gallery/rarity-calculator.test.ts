import { describe, expect, it } from '@jest/globals';
import type { CalculateRarityRequest, Nft, NftAttribute, RarityResult } from '@nexus/contract';
import {
  RarityCalculator,
  mergeRarity,
  rarityKey,
  rarityTokens,
  tokenSetSignature,
  type RarityCalculationInput,
} from './rarity-calculator';
import { testNft } from '../../testing/test-nft';

const ADDRESS = '0x8464135C8F25Da09e49BC8782676a84730C318bC';

function nft(tokenId: string, attributes: NftAttribute[], overrides: Partial<Nft> = {}): Nft {
  return testNft(ADDRESS, 'Demo', 'Token', tokenId, { metadata: { attributes }, attributes, ...overrides });
}

const red = { trait_type: 'Color', value: 'Red' };
const blue = { trait_type: 'Color', value: 'Blue' };
const nfts = [nft('1', [red]), nft('2', [blue]), nft('3', [red])];
const input: RarityCalculationInput = { network: 'polygon', contractAddress: ADDRESS, nfts };

function ranking(ids: string[]): RarityResult {
  return { nfts: ids.map((tokenId, index) => ({ tokenId, rarityScore: 10 - index, rarityRank: index + 1 })) };
}

/** A server that answers when told to, and records what it was asked. */
class FakeServer {
  readonly bodies: CalculateRarityRequest[] = [];
  private pending: Array<{ resolve: (r: RarityResult) => void; reject: (e: Error) => void }> = [];

  readonly post = (body: CalculateRarityRequest): Promise<RarityResult> => {
    this.bodies.push(body);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  };

  answer(result: RarityResult): void {
    this.pending.shift()?.resolve(result);
  }

  fail(error: Error): void {
    this.pending.shift()?.reject(error);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A calculator whose server has ranked `input` once already. */
async function rankedOnce() {
  const server = new FakeServer();
  const sut = new RarityCalculator(server.post);
  const first = sut.calculate(input);
  await settle();
  server.answer(ranking(['1', '2', '3']));
  await first;
  return { server, sut };
}

describe(rarityTokens.name, () => {
  it('sends token id and attributes only, once per token, and leaves out NFTs without traits', () => {
    const list = [
      nft('1', [{ trait_type: 'Level', value: 3, display_type: 'number' }]),
      nft('1', [red]),
      nft('2', []),
      nft('3', [], { metadata: { attributes: [blue] } }),
    ];
    expect(rarityTokens(list)).toEqual([
      { tokenId: '1', attributes: [{ trait_type: 'Level', value: 3, display_type: 'number' }] },
      { tokenId: '3', attributes: [blue] },
    ]);
  });
});

describe(tokenSetSignature.name, () => {
  it('does not depend on order but on ids and attributes', () => {
    const a = rarityTokens(nfts);
    const b = rarityTokens([...nfts].reverse());
    expect(tokenSetSignature(a)).toBe(tokenSetSignature(b));
    expect(tokenSetSignature(a)).not.toBe(
      tokenSetSignature(rarityTokens([nft('1', [blue]), ...nfts.slice(1)])),
    );
    expect(tokenSetSignature(a)).not.toBe(tokenSetSignature(rarityTokens(nfts.slice(1))));
  });
});

describe(mergeRarity.name, () => {
  it('sets score and rank by token id and keeps NFTs the result does not name', () => {
    const merged = mergeRarity(nfts, { nfts: [{ tokenId: '2', rarityScore: 4.5, rarityRank: 1 }] });
    expect(merged.map((n) => [n.tokenId, n.rarityRank, n.rarityScore])).toEqual([
      ['1', null, null],
      ['2', 1, 4.5],
      ['3', null, null],
    ]);
    expect(merged[0]).toBe(nfts[0]);
    expect(mergeRarity(nfts, null)).toEqual(nfts);
  });
});

describe(RarityCalculator.name, () => {
  it('reports the SPEC stages in order and posts the contract, network and tokens', async () => {
    const server = new FakeServer();
    const sut = new RarityCalculator(server.post);
    const stages: string[] = [];
    const run = sut.calculate(input, { onStage: (stage) => stages.push(stage) });
    await settle();
    expect(stages).toEqual(['initializing', 'preparing', 'calculating']);
    expect(server.bodies).toEqual([
      { nfts: rarityTokens(nfts), contractAddress: ADDRESS, network: 'polygon' },
    ]);
    server.answer(ranking(['2', '1', '3']));
    await expect(run).resolves.toEqual(ranking(['2', '1', '3']));
    expect(stages).toEqual(['initializing', 'preparing', 'calculating', 'finalizing', 'complete']);
  });

  it('runs one calculation per contract and network at a time', async () => {
    const server = new FakeServer();
    const sut = new RarityCalculator(server.post);
    const first = sut.calculate(input);
    const second = sut.calculate({ ...input, contractAddress: ADDRESS.toLowerCase() });
    expect(sut.isRunning('polygon', ADDRESS)).toBe(true);
    await settle();
    expect(server.bodies).toHaveLength(1);
    server.answer(ranking(['1', '2', '3']));
    await expect(first).resolves.toEqual(ranking(['1', '2', '3']));
    await expect(second).resolves.toEqual(ranking(['1', '2', '3']));
    expect(sut.isRunning('polygon', ADDRESS)).toBe(false);
  });

  it('keeps results in memory per key and for the same token set only', async () => {
    const { server, sut } = await rankedOnce();

    expect(sut.cached({ ...input, nfts: [...nfts] })).toEqual(ranking(['1', '2', '3']));
    await expect(sut.calculate(input)).resolves.toEqual(ranking(['1', '2', '3']));
    expect(server.bodies).toHaveLength(1);

    expect(sut.cached({ ...input, network: 'ethereum' })).toBeNull();
    const fewer = { ...input, nfts: nfts.slice(0, 2) };
    expect(sut.cached(fewer)).toBeNull();
    const again = sut.calculate(fewer);
    await settle();
    expect(server.bodies).toHaveLength(2);
    server.answer(ranking(['2', '1']));
    await expect(again).resolves.toEqual(ranking(['2', '1']));
  });

  it('sends forceRefresh and skips the kept result when asked to recalculate', async () => {
    const { server, sut } = await rankedOnce();

    const forced = sut.calculate(input, { forceRefresh: true });
    await settle();
    expect(server.bodies[1]).toMatchObject({ forceRefresh: true });
    expect(server.bodies[0]).not.toHaveProperty('forceRefresh');
    server.answer(ranking(['3', '2', '1']));
    await expect(forced).resolves.toEqual(ranking(['3', '2', '1']));
    expect(sut.cached(input)).toEqual(ranking(['3', '2', '1']));
  });

  it('runs a different token set after the running one ends', async () => {
    const server = new FakeServer();
    const sut = new RarityCalculator(server.post);
    const first = sut.calculate(input);
    const other = sut.calculate({ ...input, nfts: nfts.slice(0, 2) });
    await settle();
    expect(server.bodies).toHaveLength(1);
    server.answer(ranking(['1', '2', '3']));
    await first;
    await settle();
    expect(server.bodies).toHaveLength(2);
    server.answer(ranking(['2', '1']));
    await expect(other).resolves.toEqual(ranking(['2', '1']));
  });

  it('rejects with the failure and keeps nothing', async () => {
    const server = new FakeServer();
    const sut = new RarityCalculator(server.post);
    const run = sut.calculate(input);
    await settle();
    server.fail(new Error('Failed to calculate rarity'));
    await expect(run).rejects.toThrow('Failed to calculate rarity');
    expect(sut.cached(input)).toBeNull();
    expect(sut.isRunning('polygon', ADDRESS)).toBe(false);
  });

  it('answers an empty ranking without asking when no NFT has traits', async () => {
    const server = new FakeServer();
    const sut = new RarityCalculator(server.post);
    await expect(sut.calculate({ ...input, nfts: [nft('1', [])] })).resolves.toEqual({ nfts: [] });
    expect(server.bodies).toHaveLength(0);
  });

  it("uses the server's rarity job key", () => {
    expect(rarityKey('polygon', ADDRESS)).toBe(`rarity:polygon:${ADDRESS.toLowerCase()}`);
  });
});
