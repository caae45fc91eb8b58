import type { Address } from 'viem';
import { TokenUriReader, substituteId } from './token-uri.reader.js';
import { FakeContracts } from './testing/fake-contracts.fixture.js';

const ART: Address = '0x00000000000000000000000000000000000000a1';
const EDITIONS: Address = '0x00000000000000000000000000000000000000e1';

describe(TokenUriReader.name, () => {
  const chain = new FakeContracts()
    .deploy(ART, { tokenURI: (id) => (id === 3n ? undefined : `ipfs://art/${id}`) })
    .deploy(EDITIONS, { uri: () => 'https://editions.example/{id}.json' });
  const sut = new TokenUriReader(chain);

  it('reads ERC-721 tokenURI per id, null where it reverts, at the block asked', async () => {
    await expect(sut.read(ART, 'ERC-721', [1n, 3n, 20n], 9n)).resolves.toEqual([
      'ipfs://art/1',
      null,
      'ipfs://art/20',
    ]);
    expect(chain.callBlocks.at(-1)).toBe(9n);
  });

  it('reads ERC-1155 uri with {id} as 64 lower-case hex digits', async () => {
    await expect(sut.read(EDITIONS, 'ERC-1155', [255n], 9n)).resolves.toEqual([
      `https://editions.example/${'ff'.padStart(64, '0')}.json`,
    ]);
  });

  it('answers null for a contract that is not there', async () => {
    await expect(
      sut.read('0x00000000000000000000000000000000000000ff', 'ERC-721', [1n], 9n),
    ).resolves.toEqual([null]);
  });
});

describe(substituteId.name, () => {
  it('replaces every {id} and leaves other URIs alone', () => {
    expect(substituteId('a/{id}/{id}', 1n)).toBe(`a/${'1'.padStart(64, '0')}/${'1'.padStart(64, '0')}`);
    expect(substituteId('ipfs://cid/7.json', 7n)).toBe('ipfs://cid/7.json');
  });
});
