import type { Address } from 'viem';
import { CollectionFactsReader } from './collection-facts.reader.js';
import { INTERFACE_ERC1155, INTERFACE_ERC721 } from './erc.abis.js';
import { TokenUriReader } from './token-uri.reader.js';
import {
  consecutiveLog,
  erc1155TransferLog,
  erc20TransferLog,
  fakeAddress,
  fakeChainHead,
  FakeContracts,
  transferLog,
  ZERO_ADDRESS,
} from './testing/fake-contracts.fixture.js';
import { WalletHoldingsReader } from './wallet-holdings.reader.js';

const WALLET = fakeAddress(0xf1);
const OTHER = fakeAddress(0xf2);
const APES = fakeAddress(0xa1);
const BATCHED = fakeAddress(0xa2);
const OLD_SCHOOL = fakeAddress(0xa3);
const EDITIONS = fakeAddress(0xe1);
const TOKEN = fakeAddress(0xc1);

const HEAD = 40n;

/** What the chain says now (ownerOf / balanceOf); the logs below say how it got there. */
function world(): FakeContracts {
  const apesOwners = new Map<bigint, Address>([
    [1n, WALLET],
    [2n, OTHER],
    [3n, OTHER],
  ]);
  const batchedOwners = new Map<bigint, Address>([
    [10n, WALLET],
    [11n, WALLET],
    [12n, OTHER],
  ]);
  const balances = new Map<bigint, bigint>([
    [1n, 3n],
    [2n, 0n],
  ]);
  return (
    new FakeContracts()
      .deploy(APES, {
        interfaces: [INTERFACE_ERC721],
        name: 'Apes',
        symbol: 'APE',
        ownerOf: (id) => apesOwners.get(id),
        tokenURI: (id) => `ipfs://apes/${id}`,
      })
      .deploy(BATCHED, {
        interfaces: [INTERFACE_ERC721],
        name: 'Batched',
        ownerOf: (id) => batchedOwners.get(id),
        tokenURI: (id) => `ipfs://batched/${id}`,
      })
      // No ERC-165: known as ERC-721 only by its Transfer events and its ownerOf.
      .deploy(OLD_SCHOOL, { name: 'Old School', ownerOf: () => WALLET, tokenURI: () => undefined })
      .deploy(EDITIONS, {
        interfaces: [INTERFACE_ERC1155],
        balanceOf: (owner, id) => (owner === WALLET ? balances.get(id) : 0n),
        uri: () => 'ipfs://editions/{id}',
      })
      .emit(
        transferLog(APES, ZERO_ADDRESS, WALLET, 1n, 1),
        transferLog(APES, ZERO_ADDRESS, WALLET, 2n, 2),
        transferLog(APES, WALLET, OTHER, 2n, 3),
        // The latest event says the wallet got 3, but ownerOf disagrees: the chain wins.
        transferLog(APES, ZERO_ADDRESS, WALLET, 3n, 4),
        consecutiveLog(BATCHED, 10n, 12n, ZERO_ADDRESS, WALLET, 5),
        transferLog(BATCHED, WALLET, OTHER, 12n, 6),
        transferLog(OLD_SCHOOL, ZERO_ADDRESS, WALLET, 77n, 7),
        erc20TransferLog(TOKEN, OTHER, WALLET, 8),
        erc1155TransferLog(
          EDITIONS,
          ZERO_ADDRESS,
          WALLET,
          [
            [1n, 3n],
            [2n, 1n],
          ],
          9,
        ),
        erc1155TransferLog(EDITIONS, WALLET, ZERO_ADDRESS, [[2n, 1n]], 10),
      )
  );
}

function reader(chain: FakeContracts): WalletHoldingsReader {
  return new WalletHoldingsReader(
    'ethereum',
    fakeChainHead({ head: HEAD }).client,
    chain,
    chain,
    new CollectionFactsReader(chain),
    new TokenUriReader(chain),
    2,
  );
}

describe(WalletHoldingsReader.name, () => {
  it('answers the tokens the chain confirms, grouped by contract, with info, URIs and balances', async () => {
    const chain = world();

    const holdings = await reader(chain).read(WALLET.toUpperCase().replace('0X', '0x'), {
      includeAllTokenTypes: true,
    });

    expect(
      holdings.map((h) => [h.collection.address, h.collection.name, h.collection.standard, h.tokens]),
    ).toEqual([
      [APES, 'Apes', 'ERC-721', [{ tokenId: '1', tokenUri: 'ipfs://apes/1', balance: 1 }]],
      [
        BATCHED,
        'Batched',
        'ERC-721',
        [
          { tokenId: '10', tokenUri: 'ipfs://batched/10', balance: 1 },
          { tokenId: '11', tokenUri: 'ipfs://batched/11', balance: 1 },
        ],
      ],
      [OLD_SCHOOL, 'Old School', 'ERC-721', [{ tokenId: '77', tokenUri: null, balance: 1 }]],
      [
        EDITIONS,
        '',
        'ERC-1155',
        [{ tokenId: '1', tokenUri: `ipfs://editions/${'1'.padStart(64, '0')}`, balance: 3 }],
      ],
    ]);
    expect(new Set(chain.callBlocks)).toEqual(new Set([HEAD]));
    expect(chain.logQueries.every((q) => q.fromBlock === 0n && q.toBlock === HEAD)).toBe(true);
  });

  it('does not ask ownerOf for a token whose latest event took it away', async () => {
    const chain = world();

    await reader(chain).read(WALLET, { includeAllTokenTypes: true });

    // Apes 1 and 3, Batched 10, 11 and 12 (12 left by a later Transfer, but batches are asked), Old School 77.
    expect(chain.called.filter((name) => name === 'ownerOf')).toHaveLength(5);
  });

  it('leaves ERC-1155 out, and does not even read its logs, when only ERC-721 is wanted', async () => {
    const chain = world();

    const holdings = await reader(chain).read(WALLET, { includeAllTokenTypes: false });

    expect(holdings.map((h) => h.collection.standard)).toEqual(['ERC-721', 'ERC-721', 'ERC-721']);
    expect(chain.called).not.toContain('balanceOf');
  });

  it('answers nothing for a wallet no log names', async () => {
    await expect(reader(world()).read(TOKEN, { includeAllTokenTypes: true })).resolves.toEqual([]);
  });
});
