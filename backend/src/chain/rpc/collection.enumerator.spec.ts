import type { Address, PublicClient } from 'viem';
import type { CollectionInfo, EnumerateProgress } from '../nft-source.js';
import { CollectionEnumerator } from './collection.enumerator.js';
import { TokenUriReader } from './token-uri.reader.js';
import {
  consecutiveLog,
  FakeContracts,
  transferBatchLog,
  transferLog,
  transferSingleLog,
  ZERO_ADDRESS,
} from './testing/fake-contracts.fixture.js';

const COLLECTION: Address = '0x00000000000000000000000000000000000000a1';
const ALICE: Address = '0x00000000000000000000000000000000000000f1';
const BOB: Address = '0x00000000000000000000000000000000000000f2';

const info = (standard: CollectionInfo['standard'], enumerable: boolean): CollectionInfo => ({
  network: 'ethereum',
  address: COLLECTION,
  name: 'Test',
  symbol: 'T',
  standard,
  totalSupply: null,
  enumerable,
});

/** A chain head at `head` whose contract code appears at `deployedAt` (getCode fails when `pruned`). */
function chainHead(head: bigint, deployedAt = 0n, pruned = false) {
  const codeAsked: bigint[] = [];
  const client = {
    getBlockNumber: (options?: { cacheTime?: number }) => {
      // The head is asked fresh: a cached block would hide what was deployed or sent since.
      expect(options?.cacheTime).toBe(0);
      return Promise.resolve(head);
    },
    getCode: ({ blockNumber }: { blockNumber: bigint }) => {
      codeAsked.push(blockNumber);
      if (pruned) return Promise.reject(new Error('missing trie node'));
      return Promise.resolve(blockNumber >= deployedAt ? '0x6080' : undefined);
    },
  } as unknown as Pick<PublicClient, 'getBlockNumber' | 'getCode'>;
  return { client, codeAsked };
}

function enumerator(chain: FakeContracts, head = chainHead(50n), threshold = 1_000n): CollectionEnumerator {
  return new CollectionEnumerator(head.client, chain, chain, new TokenUriReader(chain), {
    pageSize: 4,
    parallel: 2,
    deploymentSearchThreshold: threshold,
  });
}

describe(CollectionEnumerator.name, () => {
  it('enumerates by totalSupply / tokenByIndex, ids sorted, with URIs and progress per page', async () => {
    const ids = [9n, 3n, 7n, 1n, 12n, 5n];
    const chain = new FakeContracts().deploy(COLLECTION, {
      totalSupply: BigInt(ids.length),
      tokenByIndex: (index) => ids[Number(index)],
      tokenURI: (id) => `ipfs://cid/${id}`,
    });
    const progress: EnumerateProgress[] = [];

    const tokens = await enumerator(chain).enumerate(info('ERC-721', true), (p) => progress.push(p));

    expect(tokens.map((t) => t.tokenId)).toEqual(['1', '3', '5', '7', '9', '12']);
    expect(tokens[0]).toEqual({ tokenId: '1', tokenUri: 'ipfs://cid/1' });
    expect(progress[0]).toEqual({ tokensFound: 0, tokensTotal: 6 });
    expect(progress.at(-1)).toEqual({ tokensFound: 6, tokensTotal: 6 });
    expect(chain.logQueries).toEqual([]);
    expect(new Set(chain.callBlocks)).toEqual(new Set([50n]));
  });

  it('falls back to the logs when tokenByIndex does not really work', async () => {
    const chain = new FakeContracts()
      .deploy(COLLECTION, { totalSupply: 2n, tokenURI: (id) => `ipfs://cid/${id}` })
      .emit(
        transferLog(COLLECTION, ZERO_ADDRESS, ALICE, 4n, 10),
        transferLog(COLLECTION, ZERO_ADDRESS, BOB, 8n, 11),
      );

    const tokens = await enumerator(chain).enumerate(info('ERC-721', true));

    expect(tokens.map((t) => t.tokenId)).toEqual(['4', '8']);
    expect(chain.logQueries).toHaveLength(1);
  });

  it('replays Transfer and ConsecutiveTransfer logs: mints add, burns remove, transfers keep', async () => {
    const chain = new FakeContracts()
      .deploy(COLLECTION, { tokenURI: (id) => `ipfs://cid/${id}` })
      .emit(
        consecutiveLog(COLLECTION, 100n, 104n, ZERO_ADDRESS, ALICE, 5),
        transferLog(COLLECTION, ZERO_ADDRESS, BOB, 1n, 6),
        transferLog(COLLECTION, ALICE, BOB, 102n, 7),
        transferLog(COLLECTION, ALICE, ZERO_ADDRESS, 103n, 8),
        transferLog(COLLECTION, BOB, ZERO_ADDRESS, 1n, 9),
      );

    const tokens = await enumerator(chain).enumerate(info('ERC-721', false));

    expect(tokens.map((t) => t.tokenId)).toEqual(['100', '101', '102', '104']);
    expect(chain.logQueries[0]).toMatchObject({ address: COLLECTION, fromBlock: 0n, toBlock: 50n });
  });

  it('lists ERC-1155 ids with a supply left after mints and burns, with {id} substituted', async () => {
    const chain = new FakeContracts()
      .deploy(COLLECTION, { uri: () => 'ipfs://cid/{id}' })
      .emit(
        transferBatchLog(COLLECTION, ZERO_ADDRESS, ALICE, [1n, 2n, 3n], [5n, 1n, 2n], 5),
        transferSingleLog(COLLECTION, ALICE, BOB, 1n, 5n, 6),
        transferSingleLog(COLLECTION, ALICE, ZERO_ADDRESS, 2n, 1n, 7),
      );

    const tokens = await enumerator(chain).enumerate(info('ERC-1155', false));

    expect(tokens).toEqual([
      { tokenId: '1', tokenUri: `ipfs://cid/${'1'.padStart(64, '0')}` },
      { tokenId: '3', tokenUri: `ipfs://cid/${'3'.padStart(64, '0')}` },
    ]);
  });

  it('on a long chain, reads the logs from the deployment block found by bisecting eth_getCode', async () => {
    const head = chainHead(200_000n, 123_456n);
    const chain = new FakeContracts().deploy(COLLECTION, {});

    await enumerator(chain, head, 100_000n).enumerate(info('ERC-721', false));

    expect(chain.logQueries[0]).toMatchObject({ fromBlock: 123_456n, toBlock: 200_000n });
    expect(head.codeAsked.length).toBeLessThanOrEqual(18);
  });

  it('reads from block 0 when the node keeps no history to bisect', async () => {
    const chain = new FakeContracts().deploy(COLLECTION, {});

    await enumerator(chain, chainHead(200_000n, 5n, true), 100_000n).enumerate(info('ERC-721', false));

    expect(chain.logQueries[0]).toMatchObject({ fromBlock: 0n });
  });
});
