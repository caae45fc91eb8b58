import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  numberToHex,
  pad,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
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

/** A made-up contract or wallet address ending in the given byte. */
export function fakeAddress(lastByte: number): Address {
  return `0x${lastByte.toString(16).padStart(40, '0')}`;
}

/**
 * A node's head at `head`, where the contract's code appears at `deployedAt` (getCode fails on a
 * `pruned` node). It insists on being asked fresh: a cached block hides what was deployed since.
 */
export function fakeChainHead(options: { head: bigint; deployedAt?: bigint; pruned?: boolean }): {
  client: Pick<PublicClient, 'getBlockNumber' | 'getCode'>;
  codeAsked: bigint[];
} {
  const codeAsked: bigint[] = [];
  const client = {
    getBlockNumber: (parameters?: { cacheTime?: number }) =>
      parameters?.cacheTime === 0
        ? Promise.resolve(options.head)
        : Promise.reject(new Error('the chain head was read from a cache')),
    getCode: ({ blockNumber }: { blockNumber: bigint }) => {
      codeAsked.push(blockNumber);
      if (options.pruned) return Promise.reject(new Error('missing trie node'));
      return Promise.resolve(blockNumber >= (options.deployedAt ?? 0n) ? '0x6080' : undefined);
    },
  } as unknown as Pick<PublicClient, 'getBlockNumber' | 'getCode'>;
  return { client, codeAsked };
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

/** ERC-1155 TransferSingle for one (id, amount), TransferBatch for several. */
export function erc1155TransferLog(
  contract: Address,
  from: Address,
  to: Address,
  amounts: Array<[bigint, bigint]>,
  block: number,
): RpcLog {
  const topics = [topic(from), topic(from), topic(to)];
  if (amounts.length === 1) {
    const [[id, amount]] = amounts as [[bigint, bigint]];
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, amount]);
    return log(contract, [TRANSFER_SINGLE_TOPIC, ...topics], data, block);
  }
  const data = encodeAbiParameters(
    [{ type: 'uint256[]' }, { type: 'uint256[]' }],
    [amounts.map(([id]) => id), amounts.map(([, amount]) => amount)],
  );
  return log(contract, [TRANSFER_BATCH_TOPIC, ...topics], data, block);
}
