import { describe, expect, it } from '@jest/globals';
import { DEFAULT_GALLERY_VIEW } from '../features/gallery/gallery-view-state';
import { MISSING_VALUE_KEY } from '../features/gallery/trait-filter';
import {
  buildExplorerParams,
  decodeTraits,
  encodeTraits,
  explorerHref,
  parseExplorerParams,
  readHistoryState,
  type ExplorerState,
} from './explorer-url';

const COLLECTION = '0xAbC0000000000000000000000000000000000001';
const WALLET = '0x00000000000000000000000000000000000000aa';

function parse(query: string): ExplorerState {
  return parseExplorerParams(new URLSearchParams(query));
}

describe('explorer URL', () => {
  it('reads a filtered collection and writes it back the same', () => {
    const query =
      'view=collection&network=polygon&address=' +
      COLLECTION +
      '&sort=rarity-score&order=asc&page=2&q=gold+ape&trait=background%3Ablue&trait=background%3Ared&trait=eyes%3Alaser&owner=vitalik.eth&nft=123&mode=list';
    const state = parse(query);
    expect(state).toEqual({
      view: 'collection',
      network: 'polygon',
      address: COLLECTION,
      gallery: {
        tab: 'nfts',
        sort: 'rarity-score',
        order: 'asc',
        page: 2,
        text: 'gold ape',
        traits: { background: ['blue', 'red'], eyes: ['laser'] },
        owner: 'vitalik.eth',
        nft: '123',
        viewMode: 'list',
      },
    });
    expect(buildExplorerParams(state).toString()).toBe(query);
    expect(parse(buildExplorerParams(state).toString())).toEqual(state);
  });

  it('reads and writes the collection view (tab), the NFTs left out as the default', () => {
    const base = `view=collection&network=polygon&address=${COLLECTION}`;
    for (const tab of ['activity', 'holders'] as const) {
      const state = parse(`${base}&tab=${tab}`);
      expect(state).toMatchObject({ gallery: { tab } });
      expect(buildExplorerParams(state).toString()).toBe(`${base}&tab=${tab}`);
    }
    expect(parse(`${base}&tab=nfts`)).toMatchObject({ gallery: { tab: 'nfts' } });
    expect(buildExplorerParams(parse(`${base}&tab=nfts`)).toString()).toBe(base);
    expect(parse(`${base}&tab=owners`)).toMatchObject({ gallery: { tab: 'nfts' } });
  });

  it("keeps a sort's direction only when it is not the sort's own", () => {
    const base = `view=collection&network=polygon&address=${COLLECTION}`;
    expect(parse(`${base}&order=desc`)).toMatchObject({ gallery: { sort: 'rarity-rank', order: 'desc' } });
    expect(parse(`${base}&order=sideways`)).toMatchObject({ gallery: { order: null } });
    const own = parse(`${base}&sort=rarity-score&order=desc`);
    expect(own).toMatchObject({ gallery: { order: 'desc' } });
    expect(buildExplorerParams(own).toString()).toBe(`${base}&sort=rarity-score`);
  });

  it('leaves defaults out', () => {
    const state: ExplorerState = {
      view: 'collection',
      network: 'ethereum',
      address: COLLECTION,
      gallery: DEFAULT_GALLERY_VIEW,
    };
    expect(explorerHref(state)).toBe(`/?view=collection&network=ethereum&address=${COLLECTION}`);
    expect(explorerHref({ view: 'home' })).toBe('/');
  });

  it('reads a wallet, its list or one of its collections (gallery params only with a collection)', () => {
    expect(parse(`view=wallet&network=cronos&address=${WALLET}&page=3`)).toEqual({
      view: 'wallet',
      network: 'cronos',
      address: WALLET,
      collection: null,
      gallery: DEFAULT_GALLERY_VIEW,
    });
    const inWallet = parse(`view=wallet&network=cronos&address=${WALLET}&collection=${COLLECTION}&page=3`);
    expect(inWallet).toMatchObject({ collection: COLLECTION, gallery: { page: 3 } });
    expect(explorerHref(inWallet)).toBe(
      `/?view=wallet&network=cronos&address=${WALLET}&collection=${COLLECTION}&page=3`,
    );
    expect(parse('view=wallet&network=ethereum&address=demo.eth')).toMatchObject({ address: 'demo.eth' });
  });

  it('falls back to home, or to the default, for what it cannot read', () => {
    expect(parse('')).toEqual({ view: 'home' });
    expect(parse(`view=gallery&network=polygon&address=${COLLECTION}`)).toEqual({ view: 'home' });
    expect(parse(`view=collection&network=solana&address=${COLLECTION}`)).toEqual({ view: 'home' });
    expect(parse('view=collection&network=polygon&address=0x123')).toEqual({ view: 'home' });
    expect(parse('view=collection&network=polygon&address=demo.eth')).toEqual({ view: 'home' });
    const lenient = parse(
      `view=collection&network=polygon&address=${COLLECTION}&sort=price&page=-2&page=x&trait=nocolon&trait=:blue&nft=&mode=tiles`,
    );
    expect(lenient).toMatchObject({ gallery: DEFAULT_GALLERY_VIEW });
    expect(parse(`view=collection&network=polygon&address=${COLLECTION}&page=0`)).toMatchObject({
      gallery: { page: 1 },
    });
  });

  it('keeps trait types and values with separators, normalised, and the missing-value key', () => {
    const traits = { 'time:zone': ['12:30', 'utc'], 'odd%type': [MISSING_VALUE_KEY] };
    const encoded = encodeTraits(traits);
    expect(encoded).toEqual(['time%3Azone:12:30', 'time%3Azone:utc', `odd%25type:${MISSING_VALUE_KEY}`]);
    expect(decodeTraits(encoded)).toEqual(traits);
    expect(decodeTraits([' Background :Blue', 'background:blue', 'background: Red '])).toEqual({
      background: ['blue', 'red'],
    });
    const state: ExplorerState = {
      view: 'collection',
      network: 'polygon',
      address: COLLECTION,
      gallery: { ...DEFAULT_GALLERY_VIEW, traits },
    };
    expect(parse(buildExplorerParams(state).toString())).toEqual(state);
  });

  it('keeps the owner filter in the address, trimmed, and leaves it out when empty', () => {
    const state: ExplorerState = {
      view: 'collection',
      network: 'polygon',
      address: COLLECTION,
      gallery: { ...DEFAULT_GALLERY_VIEW, owner: 'vitalik.eth' },
    };
    const query = buildExplorerParams(state).toString();
    expect(query).toContain('owner=vitalik.eth');
    expect(parse(query)).toEqual(state);
    expect(parse(query.replace('owner=vitalik.eth', 'owner=+vitalik.eth+'))).toEqual(state);
    expect(
      buildExplorerParams({ ...state, gallery: DEFAULT_GALLERY_VIEW })
        .toString()
        .includes('owner'),
    ).toBe(false);
  });

  it('reads only its own fields from a history entry', () => {
    expect(readHistoryState({ label: 'Nexus Apes', nftOpened: true, other: 1 })).toEqual({
      label: 'Nexus Apes',
      nftOpened: true,
    });
    expect(readHistoryState(null)).toEqual({});
    expect(readHistoryState({ label: 3, nftOpened: 'yes' })).toEqual({});
  });
});
