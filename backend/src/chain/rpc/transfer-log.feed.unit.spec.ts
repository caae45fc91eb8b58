import { numberToHex, pad, type Hex, type RpcLog } from 'viem';
import { TRANSFER_TOPIC } from './erc.abis.js';
import { TransferLogFeed } from './transfer-log.feed.js';

const CONTRACT = '0x00000000000000000000000000000000000c0de1';
const ALICE = '0x00000000000000000000000000000000000a11ce';
const BLOCK_TIME = (block: bigint) => 1_700_000_000 + Number(block) * 12;

/** An ERC-721 Transfer log in `block`, with the block's timestamp when `timestamped`. */
function transferLog(block: bigint, logIndex: number, tokenId: bigint, timestamped: boolean): RpcLog {
  return {
    address: CONTRACT,
    blockHash: pad('0x01'),
    blockNumber: numberToHex(block),
    data: '0x',
    logIndex: numberToHex(logIndex),
    removed: false,
    topics: [TRANSFER_TOPIC, pad('0x00'), pad(ALICE), pad(numberToHex(tokenId))],
    transactionHash: pad(numberToHex(block * 100n + BigInt(logIndex)), { size: 32 }),
    transactionIndex: '0x0',
    ...(timestamped ? { blockTimestamp: numberToHex(BLOCK_TIME(block)) } : {}),
  } as RpcLog;
}

describe(TransferLogFeed.name, () => {
  /** A node whose logs come as given and whose headers are counted. */
  function node(logs: RpcLog[]) {
    const headers: bigint[] = [];
    const client = {
      getBlockNumber: () => Promise.resolve(100n),
      request: ({ params }: { method: string; params: [Hex, boolean] }) => {
        const number = BigInt(params[0]);
        headers.push(number);
        return Promise.resolve({
          hash: pad(numberToHex(number)),
          timestamp: numberToHex(BLOCK_TIME(number)),
        });
      },
    };
    const sut = new TransferLogFeed(client as never, { scan: () => Promise.resolve(logs) });
    return { sut, headers };
  }

  it("keeps each transfer's tx hash and takes its block time from the log when the node gives it", async () => {
    const { sut, headers } = node([transferLog(5n, 0, 1n, true), transferLog(6n, 1, 2n, true)]);

    const window = await sut.read(1n, 9n);

    expect([...window.transfers].map((t) => [t.tokenId, t.txHash, t.blockTime?.getTime()])).toEqual([
      [1n, pad(numberToHex(500n), { size: 32 }), BLOCK_TIME(5n) * 1000],
      [2n, pad(numberToHex(601n), { size: 32 }), BLOCK_TIME(6n) * 1000],
    ]);
    // Only the window's last block, for its hash.
    expect(headers).toEqual([9n]);
  });

  it('reads one header per block that carries a transfer when the logs have no time', async () => {
    const logs = [
      transferLog(5n, 0, 1n, false),
      transferLog(5n, 1, 2n, false),
      transferLog(7n, 0, 3n, false),
    ];
    const { sut, headers } = node(logs);

    const window = await sut.read(1n, 9n);

    expect([...window.transfers].map((t) => [t.tokenId, t.blockTime?.getTime()])).toEqual([
      [1n, BLOCK_TIME(5n) * 1000],
      [2n, BLOCK_TIME(5n) * 1000],
      [3n, BLOCK_TIME(7n) * 1000],
    ]);
    expect(headers.sort()).toEqual([5n, 7n, 9n]);
  });
});
