import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  numberToHex,
  pad,
  type Abi,
  type Address,
  type Hex,
  type RpcLog,
} from 'viem';
import type { LogQuery, LogSource } from '../log.scanner.js';
import type { BatchedCalls, Call } from '../multicall.batcher.js';
import {
  CONSECUTIVE_TRANSFER_TOPIC,
  erc1155Abi,
  erc165Abi,
  erc721Abi,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from '../erc.abis.js';

/** How one fake contract answers; a missing function or an undefined answer reverts. */
export interface FakeContract {
  interfaces?: readonly Hex[];
  name?: string;
  symbol?: string;
  totalSupply?: bigint;
  tokenByIndex?: (index: bigint) => bigint | undefined;
  tokenURI?: (id: bigint) => string | undefined;
  uri?: (id: bigint) => string | undefined;
  ownerOf?: (id: bigint) => Address | undefined;
  balanceOf?: (owner: Address, id: bigint) => bigint | undefined;
}

const ABI: Abi = [...erc165Abi, ...erc721Abi, ...erc1155Abi];

function answer(contract: FakeContract, functionName: string, args: readonly unknown[]): unknown {
  switch (functionName) {
    case 'supportsInterface':
      return contract.interfaces ? contract.interfaces.includes(args[0] as Hex) : undefined;
    case 'name':
      return contract.name;
    case 'symbol':
      return contract.symbol;
    case 'totalSupply':
      return contract.totalSupply;
    case 'tokenByIndex':
      return contract.tokenByIndex?.(args[0] as bigint);
    case 'tokenURI':
      return contract.tokenURI?.(args[0] as bigint);
    case 'uri':
      return contract.uri?.(args[0] as bigint);
    case 'ownerOf':
      return contract.ownerOf?.(args[0] as bigint);
    case 'balanceOf':
      return contract.balanceOf?.(args[0] as Address, args[1] as bigint);
    default:
      return undefined;
  }
}

/**
 * Contracts and logs in memory, for the focused tests of the JSON-RPC readers: calls are decoded
 * and answered by the contract's functions, log queries filtered as a node filters them.
 */
export class FakeContracts implements BatchedCalls, LogSource {
  /** Blocks the readers pinned their calls to. */
  readonly callBlocks: bigint[] = [];
  readonly logQueries: LogQuery[] = [];
  /** Functions called, by name. */
  readonly called: string[] = [];
  readonly logs: RpcLog[] = [];
  private readonly contracts = new Map<string, FakeContract>();

  deploy(address: Address, contract: FakeContract): this {
    this.contracts.set(address.toLowerCase(), contract);
    return this;
  }

  emit(...logs: RpcLog[]): this {
    this.logs.push(...logs);
    return this;
  }

  callMany(calls: readonly Call[], blockNumber: bigint): Promise<Array<Hex | null>> {
    this.callBlocks.push(blockNumber);
    return Promise.resolve(calls.map((call) => this.call(call)));
  }

  scan(query: LogQuery): Promise<RpcLog[]> {
    this.logQueries.push(query);
    const matches = (log: RpcLog): boolean => {
      const block = BigInt(log.blockNumber!);
      if (block < query.fromBlock || block > query.toBlock) return false;
      if (query.address && log.address.toLowerCase() !== query.address.toLowerCase()) return false;
      return query.topics.every((wanted, index) => {
        if (wanted === null) return true;
        const topic = log.topics[index];
        return topic !== undefined && (Array.isArray(wanted) ? wanted.includes(topic) : wanted === topic);
      });
    };
    return Promise.resolve(this.logs.filter(matches));
  }

  private call(call: Call): Hex | null {
    const contract = this.contracts.get(call.to.toLowerCase());
    if (!contract) return null; // no code: the call answers nothing
    try {
      const { functionName, args } = decodeFunctionData({ abi: ABI, data: call.data });
      this.called.push(functionName);
      const result = answer(contract, functionName, args ?? []);
      return result === undefined ? null : encodeFunctionResult({ abi: ABI, functionName, result });
    } catch {
      return null;
    }
  }
}

const topic = (address: Address): Hex => pad(address, { size: 32 });
const idTopic = (id: bigint): Hex => pad(numberToHex(id), { size: 32 });
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

function log(address: Address, topics: Hex[], data: Hex, block: number, index = 0): RpcLog {
  return {
    address,
    topics: topics as [Hex, ...Hex[]],
    data,
    blockNumber: numberToHex(block),
    logIndex: numberToHex(index),
    blockHash: pad('0x01', { size: 32 }),
    transactionHash: pad('0x02', { size: 32 }),
    transactionIndex: '0x0',
    removed: false,
  };
}

/** ERC-721 Transfer (4 topics); ERC-20's has 3, see `erc20TransferLog`. */
export function transferLog(
  contract: Address,
  from: Address,
  to: Address,
  id: bigint,
  block: number,
): RpcLog {
  return log(contract, [TRANSFER_TOPIC, topic(from), topic(to), idTopic(id)], '0x', block);
}

export function erc20TransferLog(contract: Address, from: Address, to: Address, block: number): RpcLog {
  return log(
    contract,
    [TRANSFER_TOPIC, topic(from), topic(to)],
    encodeAbiParameters([{ type: 'uint256' }], [5n]),
    block,
  );
}

/** EIP-2309 batch of ids `first` to `last`. */
export function consecutiveLog(
  contract: Address,
  first: bigint,
  last: bigint,
  from: Address,
  to: Address,
  block: number,
): RpcLog {
  return log(
    contract,
    [CONSECUTIVE_TRANSFER_TOPIC, idTopic(first), topic(from), topic(to)],
    encodeAbiParameters([{ type: 'uint256' }], [last]),
    block,
  );
}

export function transferSingleLog(
  contract: Address,
  from: Address,
  to: Address,
  id: bigint,
  amount: bigint,
  block: number,
): RpcLog {
  return log(
    contract,
    [TRANSFER_SINGLE_TOPIC, topic(from), topic(from), topic(to)],
    encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, amount]),
    block,
  );
}

export function transferBatchLog(
  contract: Address,
  from: Address,
  to: Address,
  ids: bigint[],
  amounts: bigint[],
  block: number,
): RpcLog {
  return log(
    contract,
    [TRANSFER_BATCH_TOPIC, topic(from), topic(from), topic(to)],
    encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [ids, amounts]),
    block,
  );
}
