import { describe, expect, it } from '@jest/globals';
import {
  SearchMessages,
  checkCollectionInput,
  checkWalletInput,
  isEnsName,
  isSolanaAddress,
  shouldSuggest,
} from './search-validation';

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('checkWalletInput', () => {
  it('asks for an address when empty', () => {
    expect(checkWalletInput('   ')).toEqual({ ok: false, message: SearchMessages.walletRequired });
    expect(SearchMessages.walletRequired).toEqual({
      title: 'Address Required',
      description: 'Please enter a wallet address or ENS name',
    });
  });

  it('accepts a 0x address with exactly 40 hex characters', () => {
    expect(checkWalletInput(` ${address} `)).toEqual({ ok: true, address, isEns: false });
    expect(checkWalletInput(address.slice(0, -1)).ok).toBe(false);
    expect(checkWalletInput(`${address}0`).ok).toBe(false);
  });

  it('accepts ENS names', () => {
    expect(checkWalletInput('Vitalik.eth')).toEqual({ ok: true, address: 'vitalik.eth', isEns: true });
    expect(isEnsName('my-wallet-1.eth')).toBe(true);
  });

  it('accepts subnames, DNS names and emoji names as the server does', () => {
    for (const name of ['alice.cb.id', 'a.b.demo.eth', 'alice.offchain.eth', '💩.eth', 'Demo.ETH'])
      expect(isEnsName(name)).toBe(true);
    expect(checkWalletInput(' A.B.Demo.eth ')).toEqual({ ok: true, address: 'a.b.demo.eth', isEns: true });
    // The server normalises (ENSIP-15) and says why it refuses a name.
    expect(isEnsName('bad_name.eth')).toBe(true);
    for (const input of ['demo', 'de mo.eth', 'demo.', `0x${'ab'.repeat(20)}`])
      expect(isEnsName(input)).toBe(false);
  });

  it('rejects anything else with the SPEC wording', () => {
    expect(checkWalletInput('hello')).toEqual({
      ok: false,
      message: {
        title: 'Invalid Address',
        description: 'Please enter a valid Ethereum address (0x...) or ENS name (.eth).',
      },
    });
  });
});

describe('checkCollectionInput', () => {
  it('asks for a contract address when empty', () => {
    expect(checkCollectionInput('', 3)).toEqual({ ok: false, message: SearchMessages.collectionRequired });
  });

  it('takes a contract address directly', () => {
    expect(checkCollectionInput(address, 0)).toEqual({ ok: true, kind: 'address', address });
  });

  it('needs a suggestion for a name', () => {
    expect(checkCollectionInput('apes', 2)).toEqual({ ok: true, kind: 'suggestion' });
    expect(checkCollectionInput('apes', 0)).toEqual({
      ok: false,
      message: {
        title: 'Collection Not Found',
        description: 'Please enter a valid contract address (0x...) or select a collection from suggestions.',
      },
    });
  });
});

describe('a Solana address', () => {
  const solana = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

  it('is Coming Soon, not invalid, in either search mode (SPEC §1, §5)', () => {
    const soon = { ok: false, message: SearchMessages.solanaComingSoon };
    expect(checkWalletInput(solana)).toEqual(soon);
    expect(checkCollectionInput(` ${solana} `, 0)).toEqual(soon);
    expect(SearchMessages.solanaComingSoon.title).toBe('Solana Coming Soon');
  });
});

describe('shouldSuggest', () => {
  it('starts at two characters and never for an address', () => {
    expect(shouldSuggest('a')).toBe(false);
    expect(shouldSuggest('ap')).toBe(true);
    expect(shouldSuggest(address)).toBe(false);
    expect(shouldSuggest('0x5F')).toBe(true);
  });
});

describe('isSolanaAddress', () => {
  it('treats 32 to 44 base58 characters as Solana', () => {
    expect(isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(true);
    expect(isSolanaAddress('0OIl' + 'a'.repeat(30))).toBe(false);
    expect(isSolanaAddress('short')).toBe(false);
  });
});
