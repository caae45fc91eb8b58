import { decodeFunctionResult, encodeFunctionData, type Address, type Hex, type PublicClient } from 'viem';
import { mapWithConcurrency } from '../../platform/common/index.js';
import { chunked } from './call-result.util.js';
import { multicall3Abi } from './erc.abis.js';
import { MemoryProviderFacts, SharedFact, type ProviderFacts } from './provider-facts.store.js';
import { isQuotaSpent } from './provider-quota.gate.js';
import { MULTICALL3_ADDRESS } from './rpc-chains.config.js';
import { isCallTooLarge, isStateUnavailable, isTransient, throttling } from './rpc-errors.util.js';

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
  /** Where what the node's refusals taught is kept (shared by every process: Redis). */
  facts?: ProviderFacts;
}

/** A day: what a node's refusals taught is learnt again at its first refusal after that. */
const LEARNT_TTL_MS = 86_400_000;

/**
 * Batches reads through Multicall3's aggregate3 in large chunks (failures allowed per call), or
 * through plain eth_calls, JSON-RPC batched by the transport, where no Multicall3 is deployed.
 *
 * Two refusals are learnt per provider, for a day, shared through `facts`:
 * - an aggregate too large for the node (its gas cap, its request or response size, its time) is
 *   split in halves until it passes, and later chunks go at the size that passed;
 * - a node that keeps no state of older blocks (not an archive node: "missing trie node", "header
 *   not found") is asked at its latest block instead: what a wallet or collection holds now is
 *   what these reads confirm, and they are never an error shown to a visitor.
 */
export class MulticallBatcher implements BatchedCalls {
  private multicall: Promise<boolean> | null = null;
  private readonly chunkCap: SharedFact;
  private readonly archive: SharedFact;

  constructor(
    private readonly client: Pick<PublicClient, 'call' | 'getCode'>,
    private readonly options: MulticallBatcherOptions,
  ) {
    const facts = options.facts ?? new MemoryProviderFacts();
    this.chunkCap = new SharedFact(facts, 'multicall');
    this.archive = new SharedFact(facts, 'archive');
  }

  async callMany(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    if (calls.length === 0) return [];
    if (!(await this.hasMulticall())) return this.plainCalls(calls, blockNumber);
    const results = await mapWithConcurrency(
      chunked(calls, await this.chunkSize()),
      this.options.parallel,
      (chunk) => this.aggregateSplitting(chunk, blockNumber),
    );
    return results.flat();
  }

  /** Calls per aggregate: the configured chunk, or fewer where the node refused that many. */
  private async chunkSize(): Promise<number> {
    const learnt = Number(await this.chunkCap.read());
    return learnt > 0 && learnt < this.options.chunkSize ? learnt : this.options.chunkSize;
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

  /**
   * One eth_call at the block asked, or at the latest block on a node that keeps no state of older
   * ones (learnt from its refusal, shared for a day).
   */
  private async callAt(call: Call, blockNumber: bigint): Promise<Hex | undefined> {
    if ((await this.archive.read()) !== '0') {
      try {
        return (await this.client.call({ to: call.to, data: call.data, blockNumber })).data;
      } catch (error) {
        if (!isStateUnavailable(error)) throw error;
        await this.archive.write('0', LEARNT_TTL_MS);
      }
    }
    return (await this.client.call({ to: call.to, data: call.data, blockTag: 'latest' })).data;
  }

  private plainCalls(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    return mapWithConcurrency(calls, this.options.parallel * 4, async (call) => {
      try {
        return (await this.callAt(call, blockNumber)) ?? null;
      } catch (error) {
        // A revert answers null; a node that could not answer (throttled, spent, away) is not a revert.
        if (isQuotaSpent(error) || throttling(error) !== null || isTransient(error)) throw error;
        return null;
      }
    });
  }

  /** An aggregate the node refuses for its size is asked in halves; the size that passed is learnt. */
  private async aggregateSplitting(chunk: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    let answers: Array<{ success: boolean; returnData: Hex }>;
    try {
      answers = [...(await this.aggregate(chunk, blockNumber))];
    } catch (error) {
      if (chunk.length < 2 || !isCallTooLarge(error)) throw error;
      const half = Math.ceil(chunk.length / 2);
      if (half < (await this.chunkSize())) await this.chunkCap.write(String(half), LEARNT_TTL_MS);
      const parts = await mapWithConcurrency(chunked(chunk, half), 2, (part) =>
        this.aggregateSplitting(part, blockNumber),
      );
      return parts.flat();
    }
    // Calls that succeeded, then only failures to the end: the node's gas cap ran out part way
    // (each call is given what the ones before it left), or the last calls revert. Asked again on
    // their own: what passes then was cut by gas, and the size that passed is learnt.
    let fitted = answers.length;
    while (fitted > 0 && !answers[fitted - 1]!.success) fitted--;
    if (fitted > 0 && fitted < answers.length) {
      const rest = await this.aggregateSplitting(chunk.slice(fitted), blockNumber);
      if (rest.some((answer) => answer !== null) && fitted < (await this.chunkSize())) {
        await this.chunkCap.write(String(fitted), LEARNT_TTL_MS);
      }
      return [...answers.slice(0, fitted).map(returned), ...rest];
    }
    return answers.map(returned);
  }

  private async aggregate(
    chunk: readonly Call[],
    blockNumber: bigint,
  ): Promise<ReadonlyArray<{ success: boolean; returnData: Hex }>> {
    // aggregate3 is payable in Multicall3's ABI, so it goes through eth_call rather than readContract.
    const data = await this.callAt(
      {
        to: MULTICALL3_ADDRESS,
        data: encodeFunctionData({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          args: [chunk.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
        }),
      },
      blockNumber,
    );
    if (!data) throw new Error('aggregate3 returned no data');
    return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
  }
}

/** A call's return data, null where it reverted or returned nothing. */
function returned(answer: { success: boolean; returnData: Hex }): Hex | null {
  return answer.success && answer.returnData !== '0x' ? answer.returnData : null;
}
