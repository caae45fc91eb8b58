import type { Address } from 'viem';
import { CollectionFactsReader, toCollectionInfo, type CollectionFacts } from './collection-facts.reader.js';
import { INTERFACE_ERC1155, INTERFACE_ERC721, INTERFACE_ERC721_ENUMERABLE } from './erc.abis.js';
import { FakeContracts } from './testing/fake-contracts.fixture.js';

const APES: Address = '0x00000000000000000000000000000000000000a1';
const EDITIONS: Address = '0x00000000000000000000000000000000000000e1';
const NO_ERC165: Address = '0x00000000000000000000000000000000000000c1';
const WALLET: Address = '0x00000000000000000000000000000000000000f1';

const APES_FACTS: CollectionFacts = {
  address: APES,
  erc721: true,
  erc1155: false,
  enumerable: true,
  name: 'Apes',
  symbol: 'APE',
  totalSupply: 10,
};

describe(CollectionFactsReader.name, () => {
  const chain = new FakeContracts()
    .deploy(APES, {
      interfaces: [INTERFACE_ERC721, INTERFACE_ERC721_ENUMERABLE],
      name: 'Apes',
      symbol: 'APE',
      totalSupply: 2n ** 80n,
    })
    .deploy(EDITIONS, { interfaces: [INTERFACE_ERC1155], totalSupply: 9_000n })
    .deploy(NO_ERC165, { name: 'Old School', symbol: 'OLD' });
  const sut = new CollectionFactsReader(chain);

  it('reads standard, enumerability, name, symbol and supply of many contracts in one batch', async () => {
    const facts = await sut.read([APES, EDITIONS], 12n);

    expect(facts).toEqual([
      // Past what a JS number holds exactly: clamped.
      { ...APES_FACTS, totalSupply: Number.MAX_SAFE_INTEGER },
      // ERC-1155 totalSupply() counts units, not tokens: left out.
      {
        address: EDITIONS,
        erc721: false,
        erc1155: true,
        enumerable: false,
        name: '',
        symbol: '',
        totalSupply: null,
      },
    ]);
    expect(chain.callBlocks).toEqual([12n]);
  });

  it('answers null for a contract without ERC-165 and for an account without code', async () => {
    await expect(sut.read([NO_ERC165, WALLET], 12n)).resolves.toEqual([null, null]);
  });

  it('keeps what such contracts answer when asked to (wallet holdings know them by their events)', async () => {
    const [facts] = await sut.read([NO_ERC165], 12n, true);
    expect(facts).toMatchObject({ erc721: false, erc1155: false, name: 'Old School', symbol: 'OLD' });
  });
});

describe(toCollectionInfo.name, () => {
  it('describes an ERC-721 or ERC-1155 contract, and nothing else', () => {
    const facts = APES_FACTS;
    expect(toCollectionInfo('ethereum', facts)).toEqual({
      network: 'ethereum',
      address: APES,
      name: 'Apes',
      symbol: 'APE',
      standard: 'ERC-721',
      totalSupply: 10,
      enumerable: true,
    });
    expect(toCollectionInfo('ethereum', { ...facts, erc721: false, erc1155: true })).toMatchObject({
      standard: 'ERC-1155',
      totalSupply: null,
      enumerable: false,
    });
    expect(toCollectionInfo('ethereum', { ...facts, erc721: false })).toBeNull();
  });
});
