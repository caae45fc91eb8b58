import { BadGatewayException, BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  ENABLED_NETWORKS,
  type CollectionLocation,
  type Network,
  type SearchType,
  type ValidateAddressResponse,
} from '@nexus/contract';
import {
  type AddressProbe,
  EnsGatewayError,
  ADDRESS_PROBE,
  NFT_SOURCE,
  type NftSource,
} from '../chain/index.js';
import { AddressAnswersRepository } from './address-answers.repository.js';
import {
  addressKind,
  ENS_GATEWAY_FAILED,
  ENS_NOT_FOUND,
  INVALID_CONTRACT,
  INVALID_WALLET,
  SOLANA_NOT_SUPPORTED,
} from './address-kind.js';
import { normaliseEnsName } from './ens-name.js';

export type AddressValidation = ValidateAddressResponse;

/**
 * How long an answer about an address is kept: a contract stays a collection; an address that is
 * one nowhere may become one (a deployment), and a wallet's network follows its holdings.
 */
export const ADDRESS_ANSWER_TTL_S = {
  collections: 24 * 3600,
  noCollection: 10 * 60,
  network: 3600,
  noNetwork: 10 * 60,
} as const;

/** Where an address is a collection, and whether every network could be asked. */
interface Located {
  collections: CollectionLocation[];
  /** False when a network did not answer: the answer may be missing a network, and is not kept. */
  complete: boolean;
}

/** The network picked for an address, and whether it was found (not the default). */
interface Detected {
  network: Network;
  found: boolean;
}

/** What an address typed by a visitor is, and where it lives. */
@Injectable()
export class AddressesService {
  /** Look-ups under way, by question and address: simultaneous requests share one. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(ADDRESS_PROBE) private readonly probe: AddressProbe,
    @Inject(NFT_SOURCE) private readonly source: NftSource,
    private readonly answers: AddressAnswersRepository,
  ) {}

  async validate(input: string): Promise<AddressValidation> {
    const value = input.trim();
    const kind = addressKind(value);
    if (kind === 'solana') throw new BadRequestException(SOLANA_NOT_SUPPORTED);
    if (kind === 'evm') return { valid: true, kind, address: value.toLowerCase() };
    if (kind === 'ens') {
      const address = await this.resolveEns(value);
      return { valid: address !== null, kind, address };
    }
    return { valid: false, kind: null, address: null };
  }

  /** The 0x address to scan for what a visitor typed; a 400 with the SPEC's wording otherwise. */
  async resolveForScan(input: string, searchType: SearchType): Promise<string> {
    const value = input.trim();
    const kind = addressKind(value);
    if (kind === 'solana') throw new BadRequestException(SOLANA_NOT_SUPPORTED);
    if (kind === 'evm') return value.toLowerCase();
    if (kind === 'ens' && searchType === 'wallet') {
      const address = await this.resolveEns(value);
      if (!address) throw new BadRequestException(ENS_NOT_FOUND);
      return address;
    }
    throw new BadRequestException(searchType === 'collection' ? INVALID_CONTRACT : INVALID_WALLET);
  }

  /**
   * The address an ENS name points to: normalised first (ENSIP-15; a 400 naming the reason), then
   * resolved as on mainnet (offchain and wildcard names included); a 502 when its gateway fails.
   */
  private async resolveEns(value: string): Promise<string | null> {
    const name = normaliseEnsName(value);
    try {
      return await this.probe.resolveEns(name);
    } catch (error) {
      if (error instanceof EnsGatewayError) throw new BadGatewayException(ENS_GATEWAY_FAILED);
      throw error;
    }
  }

  /** POST /api/locate-collection: every network where a 0x address is an ERC-721 / ERC-1155 contract. */
  async locateCollection(input: string): Promise<{ address: string; collections: CollectionLocation[] }> {
    const address = await this.resolveForScan(input, 'collection');
    return { address, collections: (await this.collectionsAt(address)).collections };
  }

  /**
   * Whether `address` is a collection on `network`, and where else it is one. Throws when a network
   * that matters could not be asked (the caller cannot tell "no" from "unknown").
   */
  async collectionOn(
    network: Network,
    address: string,
  ): Promise<{ found: CollectionLocation | null; elsewhere: Network[] }> {
    const { collections, complete } = await this.collectionsAt(address.toLowerCase());
    const found = collections.find((c) => c.network === network) ?? null;
    if (!found && !complete) throw new Error(`collection check of ${address} incomplete`);
    return { found, elsewhere: collections.filter((c) => c.network !== network).map((c) => c.network) };
  }

  /**
   * The network where the address is a collection, else has code, else holds NFTs; ethereum when
   * unknown. Cached by address (a flood of addresses is bounded by the `detect` rate limit).
   */
  async detectNetwork(input: string): Promise<Network> {
    const { valid, address } = await this.validate(input);
    if (!valid || !address) return 'ethereum';
    const cached = await this.answers.get<Detected>('network', address);
    if (cached) return cached.network;
    const detected = await this.once(`network:${address}`, () => this.detect(address));
    return detected.network;
  }

  private async detect(address: string): Promise<Detected> {
    let complete = true;
    const located = await this.collectionsAt(address);
    complete &&= located.complete;
    let found: Network | undefined = located.collections[0]?.network;
    if (!found) {
      const withCode = await Promise.all(
        ENABLED_NETWORKS.map((n) =>
          this.probe.hasCode(n, address).catch(() => {
            complete = false;
            return false;
          }),
        ),
      );
      found = ENABLED_NETWORKS.find((_, i) => withCode[i]);
    }
    for (const network of found ? [] : ENABLED_NETWORKS) {
      const holdings = await this.source
        .getWalletHoldings(network, address, { includeAllTokenTypes: true })
        .catch(() => {
          complete = false;
          return [];
        });
      if (holdings.length > 0) {
        found = network;
        break;
      }
    }
    const detected: Detected = { network: found ?? 'ethereum', found: found !== undefined };
    // An answer missing a network that failed is not kept: the next request asks again.
    if (detected.found || complete)
      await this.answers.set(
        'network',
        address,
        detected,
        detected.found ? ADDRESS_ANSWER_TTL_S.network : ADDRESS_ANSWER_TTL_S.noNetwork,
      );
    return detected;
  }

  /** Where a lower-case 0x address is a collection: from the cache, else asked of every network. */
  private async collectionsAt(address: string): Promise<Located> {
    const cached = await this.answers.get<CollectionLocation[]>('collections', address);
    if (cached) return { collections: cached, complete: true };
    return this.once(`collections:${address}`, async () => {
      const answers = await Promise.all(
        ENABLED_NETWORKS.map((network) =>
          this.source.getCollection(network, address).then(
            (info): CollectionLocation | null | undefined =>
              info ? { network, name: info.name, standard: info.standard } : null,
            () => undefined,
          ),
        ),
      );
      const collections = answers.filter((a): a is CollectionLocation => a !== null && a !== undefined);
      const complete = answers.every((a) => a !== undefined);
      if (complete)
        await this.answers.set(
          'collections',
          address,
          collections,
          collections.length > 0 ? ADDRESS_ANSWER_TTL_S.collections : ADDRESS_ANSWER_TTL_S.noCollection,
        );
      return { collections, complete };
    });
  }

  private once<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) return running;
    const asked = ask().finally(() => this.pending.delete(key));
    this.pending.set(key, asked);
    return asked;
  }
}
