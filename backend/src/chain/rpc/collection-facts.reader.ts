import { encodeFunctionData, type Address, type Hex } from 'viem';
import type { Network } from '@nexus/contract';
import type { CollectionInfo } from '../nft-source.js';
import { asBigInt, asString, decodeResult, safeNumber } from './call-result.util.js';
import {
  erc165Abi,
  erc721Abi,
  INTERFACE_ERC1155,
  INTERFACE_ERC721,
  INTERFACE_ERC721_ENUMERABLE,
} from './erc.abis.js';
import type { BatchedCalls, Call } from './multicall.batcher.js';

/** What a contract answers about itself, whether or not it claims an NFT standard. */
export interface CollectionFacts {
  address: Address;
  erc721: boolean;
  erc1155: boolean;
  enumerable: boolean;
  name: string;
  symbol: string;
  totalSupply: number | null;
}

const supportsInterface = (interfaceId: Hex): Hex =>
  encodeFunctionData({ abi: erc165Abi, functionName: 'supportsInterface', args: [interfaceId] });

/** The six questions asked of every contract, in the order `read` decodes them. */
const QUESTIONS: readonly Hex[] = [
  supportsInterface(INTERFACE_ERC721),
  supportsInterface(INTERFACE_ERC1155),
  supportsInterface(INTERFACE_ERC721_ENUMERABLE),
  encodeFunctionData({ abi: erc721Abi, functionName: 'name' }),
  encodeFunctionData({ abi: erc721Abi, functionName: 'symbol' }),
  encodeFunctionData({ abi: erc721Abi, functionName: 'totalSupply' }),
];

/** The CollectionInfo of facts that claim ERC-721 or ERC-1155; null otherwise. */
export function toCollectionInfo(network: Network, facts: CollectionFacts): CollectionInfo | null {
  if (!facts.erc721 && !facts.erc1155) return null;
  return {
    network,
    address: facts.address,
    name: facts.name,
    symbol: facts.symbol,
    standard: facts.erc721 ? 'ERC-721' : 'ERC-1155',
    totalSupply: facts.erc721 ? facts.totalSupply : null,
    enumerable: facts.erc721 && facts.enumerable,
  };
}

/** ERC-165 standard detection, name, symbol and supply of many contracts in one batch. */
export class CollectionFactsReader {
  constructor(private readonly calls: BatchedCalls) {}

  /**
   * Facts per address, in order: null for a contract claiming neither standard, unless
   * `keepUnknown` (a wallet's tokens are NFTs by their events even without ERC-165).
   */
  async read(
    addresses: readonly Address[],
    blockNumber: bigint,
    keepUnknown = false,
  ): Promise<Array<CollectionFacts | null>> {
    const calls = addresses.flatMap((address): Call[] => QUESTIONS.map((data) => ({ to: address, data })));
    const answers = await this.calls.callMany(calls, blockNumber);
    return addresses.map((address, index) => {
      const at = (offset: number): Hex | null => answers[index * QUESTIONS.length + offset] ?? null;
      const erc721 = decodeResult(erc165Abi, 'supportsInterface', at(0)) === true;
      const erc1155 = !erc721 && decodeResult(erc165Abi, 'supportsInterface', at(1)) === true;
      if (!erc721 && !erc1155 && !keepUnknown) return null;
      const supply = asBigInt(decodeResult(erc721Abi, 'totalSupply', at(5)));
      return {
        address,
        erc721,
        erc1155,
        enumerable: erc721 && decodeResult(erc165Abi, 'supportsInterface', at(2)) === true,
        name: asString(decodeResult(erc721Abi, 'name', at(3))) ?? '',
        symbol: asString(decodeResult(erc721Abi, 'symbol', at(4))) ?? '',
        // ERC-1155 totalSupply() (when present) counts units across ids, not tokens: not comparable.
        totalSupply: erc721 && supply !== null ? safeNumber(supply) : null,
      };
    });
  }
}
