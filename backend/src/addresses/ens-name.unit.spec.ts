import { BadRequestException } from '@nestjs/common';
import { addressKind } from './address-kind.js';
import { parseAvatarRecord, proxiedImagePath } from './ens-avatar.js';
import { normaliseEnsName } from './ens-name.js';

function refusal(name: string): string {
  try {
    normaliseEnsName(name);
  } catch (error) {
    if (error instanceof BadRequestException) return (error.getResponse() as { message: string }).message;
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

describe('ENS names', () => {
  it('takes dotted names for ENS names, subnames and DNS names included', () => {
    for (const name of ['demo.eth', 'alice.cb.id', 'a.b.wild.eth', '💩.eth', 'Demo.ETH', 'a..eth'])
      expect(addressKind(name)).toBe('ens');
    expect(addressKind(`0x${'ab'.repeat(20)}`)).toBe('evm');
    expect(addressKind('So11111111111111111111111111111111111111112')).toBe('solana');
    for (const input of ['demo', 'demo eth', 'de mo.eth', 'demo.']) expect(addressKind(input)).toBeNull();
  });

  it('normalises as ENSIP-15 does', () => {
    expect(normaliseEnsName('Demo.ETH')).toBe('demo.eth');
    expect(normaliseEnsName('ALICE.cb.id')).toBe('alice.cb.id');
    expect(normaliseEnsName('💩.eth')).toBe('💩.eth');
    expect(normaliseEnsName('Ⅻ.eth')).toBe('xii.eth');
  });

  it('says why a name is refused, without invisible marks', () => {
    expect(refusal('bad_name.eth')).toBe(
      'Invalid ENS name: label "bad_name": underscore allowed only at start',
    );
    expect(refusal('a b.eth')).toBe('Invalid ENS name: label "a b": disallowed character: " " (U+0020)');
    expect(refusal('a..eth')).toBe('Invalid ENS name: label "": empty label');
    expect(refusal('p\u0430ypal.eth')).toBe(
      'Invalid ENS name: label "p\u0430ypal": illegal mixture: Latin + Cyrillic "\u0430" (U+0430)',
    );
    expect(refusal('\u0430.eth')).toBe(
      'Invalid ENS name: label "\u0430": whole-script confusable: Cyrillic/Latin',
    );
  });
});

describe('ENSIP-12 avatar records', () => {
  it('reads NFT references', () => {
    expect(parseAvatarRecord(`eip155:1/erc721:0x${'AB'.repeat(20)}/0012`)).toEqual({
      kind: 'nft',
      chainId: 1,
      nft: { standard: 'erc721', contract: `0x${'ab'.repeat(20)}`, tokenId: '12' },
    });
    expect(parseAvatarRecord(`eip155:137/erc1155:0x${'01'.repeat(20)}/7`)).toMatchObject({
      chainId: 137,
      nft: { standard: 'erc1155', tokenId: '7' },
    });
  });

  it('reads image URLs and refuses the rest', () => {
    expect(parseAvatarRecord(' https://example.com/a.png ')).toEqual({
      kind: 'uri',
      uri: 'https://example.com/a.png',
    });
    expect(parseAvatarRecord('ipfs://bafy/1.svg')).toEqual({ kind: 'uri', uri: 'ipfs://bafy/1.svg' });
    for (const record of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'javascript:alert(1)',
      'eip155:1/erc20:0x00/1',
      '',
    ])
      expect(parseAvatarRecord(record)).toBeNull();
  });

  it('serves avatars through our image route only', () => {
    expect(proxiedImagePath('ipfs://bafy/1.svg')).toBe('/api/media/image?src=ipfs%3A%2F%2Fbafy%2F1.svg');
    expect(proxiedImagePath('data:image/png;base64,AAAA')).toBeNull();
  });
});
