import type { Network } from '@nexus/contract';

/** An NFT named by an ENSIP-12 avatar record (`eip155:<chain>/<standard>:<contract>/<id>`). */
export interface NftReference {
  standard: 'erc721' | 'erc1155';
  /** 0x contract address. */
  contract: string;
  /** Decimal token id. */
  tokenId: string;
}

/** An offchain ENS resolver's gateway (ERC-3668) did not answer, or answered what its resolver refused. */
export class EnsGatewayError extends Error {
  constructor(
    readonly ensName: string,
    cause: unknown,
  ) {
    super(`the offchain gateway of ${ensName} did not answer`, { cause });
    this.name = 'EnsGatewayError';
  }
}

/** Questions about an address that any node answers (code present, ENS name). */
export interface AddressProbe {
  /** True when a contract is deployed at the address on the network. */
  hasCode(network: Network, address: string): Promise<boolean>;
  /**
   * Address an ENS name points to on ethereum, or null when it points nowhere; offchain names
   * through their gateway. Throws EnsGatewayError when that gateway fails.
   */
  resolveEns(name: string): Promise<string | null>;
  /**
   * The address's primary ENS name (reverse record, checked forward), or null when it has none.
   * Throws when the node could not be asked (down, slow, refusing): that is no answer, not "none".
   */
  primaryName(address: string): Promise<string | null>;
  /** A text record of an ENS name (ENSIP-5, e.g. `avatar`), or null. */
  ensText(name: string, key: string): Promise<string | null>;
  /** The token URI of an NFT `owner` holds on `network`; null when it does not hold it or the call fails. */
  ownedTokenUri(network: Network, nft: NftReference, owner: string): Promise<string | null>;
}
