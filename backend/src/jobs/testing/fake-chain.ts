import {
  type CollectionInfo,
  type EnumerateProgress,
  type MetadataResolver,
  type NftSource,
  type ResolvedMetadata,
  type TokenPageSink,
  type TokenRef,
  type WalletHolding,
  collectTokens,
} from '../../chain/index.js';

export interface FakeCollection {
  address: string;
  supply: number;
  name?: string;
  /** Tokens the source fails to list (a partial scan). */
  missing?: number;
}

/**
 * A chain the tests control: collections of `ipfs://bafyfake/<id>` tokens, wallets holding some of
 * them, enumeration counts, and an optional delay between batches of 40 tokens.
 */
export class FakeChain implements NftSource {
  readonly enumerations = new Map<string, number>();
  delayMs = 0;
  /** Tokens handed so far by the enumeration under way. */
  listed = 0;
  /** Holds the enumeration once `after` tokens are handed, until `until` settles. */
  hold: { after: number; until: Promise<void> } | null = null;
  private readonly collections = new Map<string, FakeCollection>();

  constructor(
    collections: FakeCollection[],
    private readonly wallets: Record<string, WalletHolding[]> = {},
  ) {
    for (const c of collections) this.collections.set(c.address.toLowerCase(), c);
  }

  /** Enumerations of one collection (or of all, without an address). */
  count(address?: string): number {
    if (address) return this.enumerations.get(address.toLowerCase()) ?? 0;
    return [...this.enumerations.values()].reduce((a, b) => a + b, 0);
  }

  async getCollection(network: CollectionInfo['network'], address: string): Promise<CollectionInfo | null> {
    const c = this.collections.get(address.toLowerCase());
    if (!c) return null;
    return {
      network,
      address: address.toLowerCase(),
      name: c.name ?? 'Fake Cats',
      symbol: 'FAKE',
      standard: 'ERC-721',
      totalSupply: c.supply,
      enumerable: true,
    };
  }

  enumerateCollection(
    info: CollectionInfo,
    onProgress?: (p: EnumerateProgress) => void,
  ): Promise<TokenRef[]> {
    return collectTokens((onPage) => this.streamCollection(info, onPage, onProgress));
  }

  /** Pages of 40 tokens, each handed (and waited for) before the next is made. */
  async streamCollection(
    info: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (p: EnumerateProgress) => void,
  ): Promise<number> {
    const c = this.collections.get(info.address)!;
    this.enumerations.set(info.address, this.count(info.address) + 1);
    const listed = c.supply - (c.missing ?? 0);
    this.listed = 0;
    let page: TokenRef[] = [];
    for (let i = 0; i < listed; i++) {
      page.push({ tokenId: String(i), tokenUri: `ipfs://bafyfake/${i}` });
      if (i % 40 === 39 || i === listed - 1) {
        onProgress?.({ tokensFound: i + 1, tokensTotal: c.supply });
        await new Promise((r) => setTimeout(r, this.delayMs));
        if (this.hold && i + 1 - page.length >= this.hold.after) await this.hold.until;
        this.listed = i + 1;
        await onPage(page);
        page = [];
      }
    }
    return listed;
  }

  async getWalletHoldings(_network: CollectionInfo['network'], owner: string): Promise<WalletHolding[]> {
    return this.wallets[owner.toLowerCase()] ?? [];
  }
}

/** Metadata for `ipfs://bafyfake/<id>`: one trait by default; with `richTraits`, several, and some tokens without metadata. */
export class FakeResolver implements MetadataResolver {
  richTraits = false;

  async resolve(uri: string): Promise<ResolvedMetadata | null> {
    const id = uri.split('/').pop()!;
    const n = Number(id);
    if (this.richTraits && !hasRichMetadata(id)) return null;
    return {
      name: `Fake Cat #${id}`,
      description: 'A cat',
      image: `ipfs://bafyimg/${id}.svg`,
      animationUrl: null,
      attributes: this.richTraits
        ? richTraits(n)
        : [{ trait_type: 'Fur', value: n % 3 === 0 ? 'Gold' : 'Grey' }],
    };
  }

  toHttpUrl(): string | null {
    return null;
  }

  /** The chain module closes its resolver's sockets at shutdown; a fake holds none. */
  destroy(): void {}
}

/** Tokens whose metadata resolves with `richTraits`. */
export const hasRichMetadata = (tokenId: string) => Number(tokenId) % 25 !== 13;

function richTraits(n: number): ResolvedMetadata['attributes'] {
  const h = Math.imul(n + 1, 2654435761) >>> 0;
  const traits: ResolvedMetadata['attributes'] = [
    { trait_type: 'Fur', value: ['Grey', 'Gold', 'Black', 'White', 'Ginger'][h % 5]! },
    { trait_type: 'Eyes', value: n === 42 ? 'Laser' : ['Green', 'Blue', 'Amber'][(h >>> 5) % 3]! },
    { trait_type: 'Lives', value: 1 + (n % 9), display_type: 'number' },
  ];
  if (n % 4 !== 0) traits.push({ trait_type: 'Collar', value: ['Red', 'Bell', 'Spiked'][(h >>> 9) % 3]! });
  return traits;
}

/**
 * A wallet's holdings: tokens 3 and 9 of an ERC-721 collection of `supply` ('Fake Cats'), and 5 of
 * token 1 of an ERC-1155 ('Fake Editions').
 */
export function fakeHoldings(cats: string, supply: number, editions: string): WalletHolding[] {
  return [
    {
      collection: {
        network: 'polygon',
        address: cats,
        name: 'Fake Cats',
        symbol: 'FAKE',
        standard: 'ERC-721',
        totalSupply: supply,
        enumerable: true,
      },
      tokens: [
        { tokenId: '3', tokenUri: 'ipfs://bafyfake/3' },
        { tokenId: '9', tokenUri: 'ipfs://bafyfake/9' },
      ],
    },
    {
      collection: {
        network: 'polygon',
        address: editions,
        name: 'Fake Editions',
        symbol: 'FAKE',
        standard: 'ERC-1155',
        totalSupply: null,
        enumerable: false,
      },
      tokens: [{ tokenId: '1', tokenUri: 'ipfs://bafyfake/1', balance: 5 }],
    },
  ];
}
