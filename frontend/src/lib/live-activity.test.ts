import { describe, expect, it } from '@jest/globals';
import type { InfiniteData } from '@tanstack/react-query';
import type { ActivityPage, CollectionHolderStats, HistoryProgress, TransfersIndexed } from '@nexus/contract';
import { readsHistory, readsTransfers, withHistory, withoutUndone } from './live-activity';

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

describe('readsHistory', () => {
  it('covers the lists answered from the history and the gallery filtered by owner, nothing else', () => {
    for (const part of ['activity', 'holders', 'holder-stats', 'transfers-per-day']) {
      expect(readsHistory([...collection, part, 'all'])).toBe(true);
    }
    expect(readsHistory([...collection, 'nft', '8', 'owners'])).toBe(true);
    expect(readsHistory([...collection, 'nft', '8', 'history'])).toBe(true);
    expect(readsHistory([...collection, 'nft', '8'])).toBe(false);
    expect(readsHistory([...collection, 'traits'])).toBe(false);
    expect(readsHistory([...collection, 'page', '?page=1'])).toBe(false);
    expect(readsHistory([...collection, 'page', '?page=1&owner=0xdef'])).toBe(true);
  });
});

describe('withHistory', () => {
  const history: HistoryProgress = {
    network: 'ethereum',
    contract: '0xabc',
    state: 'reading',
    fromBlock: 5,
    indexedTo: 50,
    toBlock: 100,
    percent: 47,
  };
  const uncovered = { network: 'ethereum' as const, indexed: false, fromBlock: null, toBlock: null };

  it('puts the progress on the answers waiting for the history: a single one or a list of pages', () => {
    const stats: CollectionHolderStats = { ...uncovered, holders: 0, held: '0', distribution: [] };
    expect(withHistory(stats, history).history).toEqual(history);
    const list: InfiniteData<ActivityPage> = {
      pages: [{ ...uncovered, names: {}, items: [], next: null }],
      pageParams: [undefined],
    };
    expect(withHistory(list, history).pages[0]!.history).toEqual(history);
  });

  it('leaves answers the index covers, and nothing cached, as they are', () => {
    const covered: InfiniteData<ActivityPage> = {
      pages: [{ ...uncovered, indexed: true, fromBlock: 0, toBlock: 9, names: {}, items: [], next: null }],
      pageParams: [undefined],
    };
    expect(withHistory(covered, history)).toBe(covered);
    expect(withHistory(undefined, history)).toBeUndefined();
  });
});
