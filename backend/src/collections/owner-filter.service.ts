import { BadRequestException, Injectable } from '@nestjs/common';
import { isEvmAddress, type CollectionPageOwner, type Network } from '@nexus/contract';
import { AddressesService, addressKind } from '../addresses/index.js';
import { TransferIndexReader } from '../transfer-index/index.js';

export const OWNER_INVALID = 'owner must be a 0x address (0x and 40 hex characters) or an ENS name';
export const ownerUnresolved = (name: string) => `owner: the ENS name ${name} points to no address`;

/** The owner filter of a collection page, resolved: what the answer says, and the tokens it keeps. */
export interface ResolvedOwner {
  owner: CollectionPageOwner;
  /** The owner's token ids of the collection, in token id order (none where the index is off). */
  owned: string[];
}

/**
 * `?owner=` of the page route: a 0x address, or an ENS name resolved as the search box resolves
 * one (a 400 naming what is wrong otherwise), and the tokens of the collection the transfer index
 * says it holds. Where the network's index is off nothing is known to be anyone's: no token, and
 * `indexed` false for the gallery to say so.
 */
@Injectable()
export class OwnerFilterService {
  constructor(
    private readonly addresses: AddressesService,
    private readonly index: TransferIndexReader,
  ) {}

  /** The 0x address `input` names (lower case). */
  async address(input: string): Promise<string> {
    const value = input.trim();
    if (isEvmAddress(value)) return value.toLowerCase();
    if (addressKind(value) !== 'ens') throw new BadRequestException(OWNER_INVALID);
    const { address } = await this.addresses.validate(value);
    if (!address) throw new BadRequestException(ownerUnresolved(value));
    return address;
  }

  async resolve(network: Network, contract: string, address: string): Promise<ResolvedOwner> {
    const owned = await this.index.ownedTokens(network, contract, address);
    return { owner: { address, indexed: owned !== null }, owned: owned ?? [] };
  }
}
