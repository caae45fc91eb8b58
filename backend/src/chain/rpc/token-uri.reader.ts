import { encodeFunctionData, type Address } from 'viem';
import type { TokenType } from '@nexus/contract';
import { asString, decodeResult } from './call-result.util.js';
import { erc1155Abi, erc721Abi } from './erc.abis.js';
import type { BatchedCalls } from './multicall.batcher.js';

/** ERC-1155 metadata URI: `{id}` is the id as 64 lower-case hex digits (EIP-1155 "Metadata"). */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/** Token URIs of many tokens of one contract: ERC-721 `tokenURI`, ERC-1155 `uri` with `{id}` filled. */
export class TokenUriReader {
  constructor(private readonly calls: BatchedCalls) {}

  /** One URI per id, in order; null where the call reverted or answered no string. */
  async read(
    contract: Address,
    standard: TokenType,
    ids: readonly bigint[],
    blockNumber: bigint,
  ): Promise<Array<string | null>> {
    const answers = await this.calls.callMany(
      ids.map((id) => ({
        to: contract,
        data:
          standard === 'ERC-721'
            ? encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [id] })
            : encodeFunctionData({ abi: erc1155Abi, functionName: 'uri', args: [id] }),
      })),
      blockNumber,
    );
    return answers.map((answer, index) => {
      if (standard === 'ERC-721') return asString(decodeResult(erc721Abi, 'tokenURI', answer));
      const uri = asString(decodeResult(erc1155Abi, 'uri', answer));
      return uri === null ? null : substituteId(uri, ids[index]!);
    });
  }
}
