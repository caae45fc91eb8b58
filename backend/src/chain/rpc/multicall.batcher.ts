import { decodeFunctionResult, encodeFunctionData, type Address, type Hex, type PublicClient } from 'viem';
import { mapWithConcurrency } from '../../common/concurrency.js';
import { chunked } from './call-result.util.js';
import { multicall3Abi } from './erc.abis.js';
import { MULTICALL3_ADDRESS } from './rpc-chains.config.js';

/** One read-only call: target contract and ABI-encoded call data. */
export interface Call {
  to: Address;
  data: Hex;
}

/** Many read calls at one block; what the readers of the JSON-RPC source ask through. */
export interface BatchedCalls {
  /** Return data of each call in order, null where it reverted or returned nothing. */
  callMany(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>>;
}

export interface MulticallBatcherOptions {
  /** Calls per aggregate3 multicall. */
  chunkSize: number;
  /** Multicalls (or plain calls / 4) in flight at once. */
  parallel: number;
}

/**
 * Batches reads through Multicall3's aggregate3 in large chunks (failures allowed per call), or
 * through plain eth_calls, JSON-RPC batched by the transport, where no Multicall3 is deployed.
 */
export class MulticallBatcher implements BatchedCalls {
  private multicall: Promise<boolean> | null = null;

  constructor(
    private readonly client: Pick<PublicClient, 'call' | 'getCode'>,
    private readonly options: MulticallBatcherOptions,
  ) {}

  async callMany(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    if (calls.length === 0) return [];
    if (!(await this.hasMulticall())) return this.plainCalls(calls, blockNumber);
    const results = await mapWithConcurrency(
      chunked(calls, this.options.chunkSize),
      this.options.parallel,
      (chunk) => this.aggregate(chunk, blockNumber),
    );
    return results.flat();
  }

  /** Asked once per node; a failed question is asked again next time. */
  private hasMulticall(): Promise<boolean> {
    this.multicall ??= this.client
      .getCode({ address: MULTICALL3_ADDRESS })
      .then((code) => code !== undefined && code !== '0x')
      .catch(() => {
        this.multicall = null;
        return false;
      });
    return this.multicall;
  }

  private plainCalls(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    return mapWithConcurrency(calls, this.options.parallel * 4, async (call) => {
      try {
        const { data } = await this.client.call({ to: call.to, data: call.data, blockNumber });
        return data ?? null;
      } catch {
        return null;
      }
    });
  }

  private async aggregate(chunk: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    // aggregate3 is payable in Multicall3's ABI, so it goes through eth_call rather than readContract.
    const { data } = await this.client.call({
      to: MULTICALL3_ADDRESS,
      data: encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [chunk.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
      }),
      blockNumber,
    });
    if (!data) throw new Error('aggregate3 returned no data');
    const answers = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
    return answers.map((answer) => (answer.success && answer.returnData !== '0x' ? answer.returnData : null));
  }
}
