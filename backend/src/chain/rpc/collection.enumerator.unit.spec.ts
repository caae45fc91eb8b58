import type { CollectionInfo, EnumerateProgress } from '../nft-source.js';
import { CollectionEnumerator, type CollectionIndex } from './collection.enumerator.js';
import { TokenUriReader } from './token-uri.reader.js';
import * as fake from './testing/fake-contracts.fixture.js';

const COLLECTION = fake.fakeAddress(0xa1);
const ALICE = fake.fakeAddress(0xf1);
const BOB = fake.fakeAddress(0xf2);

const info = (standard: CollectionInfo['standard'], enumerable: boolean): CollectionInfo => ({
  network: 'ethereum',
  address: COLLECTION,
  name: 'Test',
  symbol: 'T',
  standard,
  totalSupply: null,
  enumerable,
});

function enumerator(
  chain: fake.FakeContracts,
  head = fake.fakeChainHead({ head: 50n }),
  threshold = 1_000n,
  index?: CollectionIndex,
): CollectionEnumerator {
  return new CollectionEnumerator(
    head.client,
    chain,
    chain,
    new TokenUriReader(chain),
    { pageSize: 4, parallel: 2, deploymentSearchThreshold: threshold },
    index,
  );
}

/** An index covering blocks fromBlock..toBlock that says what `tokens` says of COLLECTION. */
function fakeIndex(
  fromBlock: bigint,
  toBlock: bigint,
  tokens: {
    erc721?: Array<{ tokenId: bigint; burned: boolean }>;
    erc1155?: Array<{ tokenId: bigint; supply: bigint }>;
  } = {},
): CollectionIndex {
  return {
    collectionTokens: (_network, contract) =>
      Promise.resolve(
        contract === COLLECTION
          ? { fromBlock, toBlock, erc721: tokens.erc721 ?? [], erc1155: tokens.erc1155 ?? [] }
          : null,
      ),
  };
}

describe(CollectionEnumerator.name, () => {
  it('enumerates by totalSupply / tokenByIndex, ids sorted, with URIs and progress per page', async () => {
    const ids = [9n, 3n, 7n, 1n, 12n, 5n];
    const chain = new fake.FakeContracts().deploy(COLLECTION, {
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
    const chain = new fake.FakeContracts()
      .deploy(COLLECTION, { totalSupply: 2n, tokenURI: (id) => `ipfs://cid/${id}` })
      .emit(
        fake.transferLog(COLLECTION, fake.ZERO_ADDRESS, ALICE, 4n, 10),
        fake.transferLog(COLLECTION, fake.ZERO_ADDRESS, BOB, 8n, 11),
      );

    const tokens = await enumerator(chain).enumerate(info('ERC-721', true));

    expect(tokens.map((t) => t.tokenId)).toEqual(['4', '8']);
    expect(chain.logQueries).toHaveLength(1);
  });

  it('replays Transfer and ConsecutiveTransfer logs: mints add, burns remove, transfers keep', async () => {
    const chain = new fake.FakeContracts()
      .deploy(COLLECTION, { tokenURI: (id) => `ipfs://cid/${id}` })
      .emit(
        fake.consecutiveLog(COLLECTION, 100n, 104n, fake.ZERO_ADDRESS, ALICE, 5),
        fake.transferLog(COLLECTION, fake.ZERO_ADDRESS, BOB, 1n, 6),
        fake.transferLog(COLLECTION, ALICE, BOB, 102n, 7),
        fake.transferLog(COLLECTION, ALICE, fake.ZERO_ADDRESS, 103n, 8),
        fake.transferLog(COLLECTION, BOB, fake.ZERO_ADDRESS, 1n, 9),
      );

    const tokens = await enumerator(chain).enumerate(info('ERC-721', false));

    expect(tokens.map((t) => t.tokenId)).toEqual(['100', '101', '102', '104']);
    expect(chain.logQueries[0]).toMatchObject({ address: COLLECTION, fromBlock: 0n, toBlock: 50n });
  });

  it('lists ERC-1155 ids with a supply left after mints and burns, with {id} substituted', async () => {
    const chain = new fake.FakeContracts().deploy(COLLECTION, { uri: () => 'ipfs://cid/{id}' }).emit(
      fake.erc1155TransferLog(
        COLLECTION,
        fake.ZERO_ADDRESS,
        ALICE,
        [
          [1n, 5n],
          [2n, 1n],
          [3n, 2n],
        ],
        5,
      ),
      fake.erc1155TransferLog(COLLECTION, ALICE, BOB, [[1n, 5n]], 6),
      fake.erc1155TransferLog(COLLECTION, ALICE, fake.ZERO_ADDRESS, [[2n, 1n]], 7),
    );

    const tokens = await enumerator(chain).enumerate(info('ERC-1155', false));

    expect(tokens).toEqual([
      { tokenId: '1', tokenUri: `ipfs://cid/${'1'.padStart(64, '0')}` },
      { tokenId: '3', tokenUri: `ipfs://cid/${'3'.padStart(64, '0')}` },
    ]);
  });

  it('on a long chain, reads the logs from the deployment block found by bisecting eth_getCode', async () => {
    const head = fake.fakeChainHead({ head: 200_000n, deployedAt: 123_456n });
    const chain = new fake.FakeContracts().deploy(COLLECTION, {});

    await enumerator(chain, head, 100_000n).enumerate(info('ERC-721', false));

    expect(chain.logQueries[0]).toMatchObject({ fromBlock: 123_456n, toBlock: 200_000n });
    expect(head.codeAsked.length).toBeLessThanOrEqual(18);
  });

  it('reads from block 0 when the node keeps no history to bisect', async () => {
    const chain = new fake.FakeContracts().deploy(COLLECTION, {});

    await enumerator(
      chain,
      fake.fakeChainHead({ head: 200_000n, deployedAt: 5n, pruned: true }),
      100_000n,
    ).enumerate(info('ERC-721', false));

    expect(chain.logQueries[0]).toMatchObject({ fromBlock: 0n });
  });
  it("takes the index's word for the blocks it covers and replays the node's logs past it", async () => {
    const chain = new fake.FakeContracts().deploy(COLLECTION, { tokenURI: (id) => `ipfs://cid/${id}` }).emit(
      // Within the index's blocks: the index already holds these, the logs are not asked.
      fake.transferLog(COLLECTION, fake.ZERO_ADDRESS, ALICE, 1n, 10),
      // Past the index: a mint and the burn of a token the index holds.
      fake.transferLog(COLLECTION, fake.ZERO_ADDRESS, BOB, 9n, 45),
      fake.transferLog(COLLECTION, ALICE, fake.ZERO_ADDRESS, 2n, 46),
    );
    const index = fakeIndex(0n, 40n, {
      erc721: [
        { tokenId: 1n, burned: false },
        { tokenId: 2n, burned: false },
        { tokenId: 3n, burned: true },
      ],
    });

    const tokens = await enumerator(chain, undefined, undefined, index).enumerate(info('ERC-721', false));

    expect(tokens.map((t) => t.tokenId)).toEqual(['1', '9']);
    expect(chain.logQueries).toHaveLength(1);
    expect(chain.logQueries[0]).toMatchObject({ fromBlock: 41n, toBlock: 50n });
  });

  it("adds the index's ERC-1155 supply changes to those of the blocks outside it", async () => {
    const chain = new fake.FakeContracts()
      .deploy(COLLECTION, { uri: () => 'ipfs://cid/{id}' })
      .emit(
        fake.erc1155TransferLog(COLLECTION, fake.ZERO_ADDRESS, ALICE, [[1n, 2n]], 5),
        fake.erc1155TransferLog(COLLECTION, ALICE, fake.ZERO_ADDRESS, [[1n, 1n]], 48),
      );
    // Index from block 20: id 1 lost one unit there (burned), id 4 was minted there.
    const index = fakeIndex(20n, 40n, {
      erc1155: [
        { tokenId: 1n, supply: -1n },
        { tokenId: 4n, supply: 3n },
      ],
    });

    const tokens = await enumerator(chain, undefined, undefined, index).enumerate(info('ERC-1155', false));

    expect(tokens.map((t) => t.tokenId)).toEqual(['4']);
    expect(chain.logQueries.map((q) => [q.fromBlock, q.toBlock])).toEqual(
      expect.arrayContaining([
        [0n, 19n],
        [41n, 50n],
      ]),
    );
  });

  it('asks nothing before the index of a contract deployed after its first block', async () => {
    const head = fake.fakeChainHead({ head: 200_000n, deployedAt: 150_000n });
    const chain = new fake.FakeContracts().deploy(COLLECTION, {});

    await enumerator(chain, head, 100_000n, fakeIndex(100_000n, 199_998n)).enumerate(info('ERC-721', false));

    expect(chain.logQueries.map((q) => [q.fromBlock, q.toBlock])).toEqual([[199_999n, 200_000n]]);
    expect(head.codeAsked).toEqual([99_999n]);
  });

  it('past an index far behind (a backfill under way), starts at the deployment block', async () => {
    const head = fake.fakeChainHead({ head: 200_000n, deployedAt: 123_456n });
    const chain = new fake.FakeContracts().deploy(COLLECTION, {});

    await enumerator(chain, head, 100_000n, fakeIndex(0n, 1_000n)).enumerate(info('ERC-721', false));

    expect(chain.logQueries.map((q) => [q.fromBlock, q.toBlock])).toEqual([[123_456n, 200_000n]]);
  });
});
