import { describe, expect, it } from '@jest/globals';
import type { InfiniteData } from '@tanstack/react-query';
import type { ActivityPage, TransfersIndexed } from '@nexus/contract';
import { readsTransfers, withoutUndone } from './live-activity';

const collection = ['collection', 'ethereum', '0xabc'] as const;
const event = (patch: Partial<TransfersIndexed>): TransfersIndexed => ({
  key: 'collection:ethereum:0xabc',
  network: 'ethereum',
  contracts: ['0xabc'],
  fromBlock: 10,
  toBlock: 10,
  transfers: 1,
  mints: 0,
  burns: 0,
  tokenIds: ['7'],
  ...patch,
});

describe('readsTransfers', () => {
  it('refreshes the index lists, the moved tokens only, and pages when the set of NFTs changed', () => {
    const transfer = event({});
    for (const part of ['activity', 'holders', 'holder-stats', 'transfers-per-day']) {
      expect(readsTransfers([...collection, part, 'all'], transfer)).toBe(true);
    }
    expect(readsTransfers([...collection, 'nft', '7', 'history'], transfer)).toBe(true);
    expect(readsTransfers([...collection, 'nft', '8', 'owners'], transfer)).toBe(false);
    expect(readsTransfers([...collection, 'nft', '7'], transfer)).toBe(false);
    expect(readsTransfers([...collection, 'traits'], transfer)).toBe(false);
    expect(readsTransfers([...collection, 'page', '?page=1'], transfer)).toBe(false);
    expect(readsTransfers([...collection, 'page', '?page=1'], event({ mints: 1 }))).toBe(true);
    expect(readsTransfers([...collection, 'page', '?page=1&owner=0xdef'], transfer)).toBe(true);
    expect(readsTransfers([...collection, 'nft', '8', 'owners'], event({ tokenIds: null }))).toBe(true);
    // A reorganisation: every list the index answers.
    expect(readsTransfers([...collection, 'page', '?page=1'], null)).toBe(true);
    expect(readsTransfers([...collection, 'nft', '8', 'owners'], null)).toBe(true);
  });
});

describe('withoutUndone', () => {
  it('drops the rows of undone blocks from every cached page, leaving rows without a block', () => {
    const page = (blocks: number[]): ActivityPage => ({
      network: 'ethereum',
      indexed: true,
      fromBlock: 0,
      toBlock: 20,
      next: null,
      names: {},
      items: blocks.map((blockNumber) => ({ blockNumber }) as ActivityPage['items'][number]),
    });
    const data: InfiniteData<ActivityPage> = {
      pages: [page([15, 12]), page([9])],
      pageParams: [undefined, 'c'],
    };
    const left = withoutUndone(data, 11);
    expect(left.pages.map((p) => p.items.map((item) => item.blockNumber))).toEqual([[], [9]]);
    expect(left.pageParams).toEqual([undefined, 'c']);
    expect(withoutUndone(undefined, 11)).toBeUndefined();
  });
});
