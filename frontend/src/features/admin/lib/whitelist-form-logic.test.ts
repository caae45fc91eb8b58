import { describe, expect, it } from '@jest/globals';
import type { WhitelistedCollection } from '@nexus/contract';
import {
  WHITELIST_FORM_MESSAGES,
  changedFields,
  emptyWhitelistForm,
  formFromCollection,
  parseBackgroundImageUrls,
  parseBubbleCount,
  toWhitelistInput,
  validateWhitelistForm,
} from './whitelist-form-logic';

const address = `0x${'c'.repeat(40)}`;

describe('whitelist form rules (SPEC §5)', () => {
  it.each([
    ['', 15],
    ['   ', 15],
    ['5', 5],
    ['50', 50],
    [' 20 ', 20],
    ['4', null],
    ['51', null],
    ['12.5', null],
    ['-10', null],
    ['ten', null],
  ])('bubble count %j gives %j', (text, expected) => {
    expect(parseBubbleCount(text)).toBe(expected);
  });

  it('takes background image URLs one per line and drops blank lines', () => {
    expect(parseBackgroundImageUrls('https://a.example/1.png\r\n\n  \n https://a.example/2.png \n')).toEqual([
      'https://a.example/1.png',
      'https://a.example/2.png',
    ]);
    expect(parseBackgroundImageUrls('')).toEqual([]);
  });

  it('requires the contract address and the name', () => {
    expect(validateWhitelistForm(emptyWhitelistForm())).toEqual({
      contractAddress: WHITELIST_FORM_MESSAGES.contractRequired,
      name: WHITELIST_FORM_MESSAGES.nameRequired,
    });
    expect(
      validateWhitelistForm({ ...emptyWhitelistForm(), contractAddress: address, name: 'Ducks' }),
    ).toEqual({});
  });

  it('checks the address form on EVM networks and leaves Solana to the server', () => {
    const values = { ...emptyWhitelistForm(), contractAddress: 'So1anaMint111', name: 'Sol' };
    expect(validateWhitelistForm(values).contractAddress).toBe(WHITELIST_FORM_MESSAGES.contractFormat);
    expect(validateWhitelistForm({ ...values, network: 'solana' }).contractAddress).toBeUndefined();
  });

  it('refuses a name over 100 characters', () => {
    const values = { ...emptyWhitelistForm(), contractAddress: address, name: 'n'.repeat(101) };
    expect(validateWhitelistForm(values).name).toBe(WHITELIST_FORM_MESSAGES.nameTooLong);
  });

  it('starts on polygon with the SPEC §3 defaults', () => {
    expect(
      toWhitelistInput({ ...emptyWhitelistForm(), contractAddress: address, name: 'Ducks' }),
    ).toMatchObject({
      network: 'polygon',
      bubbleCount: 15,
      animationSpeed: 'medium',
      bubbleSize: 'medium',
      animationDirection: 'all',
      backgroundImageUrls: [],
    });
  });

  it('sends only the fields an edit changed', () => {
    const stored: WhitelistedCollection = {
      ...toWhitelistInput({ ...emptyWhitelistForm(), contractAddress: address, name: 'Ducks' }),
      id: '1',
    } as WhitelistedCollection;
    const form = formFromCollection(stored);
    expect(changedFields(stored, toWhitelistInput(form))).toEqual({});
    expect(
      changedFields(
        stored,
        toWhitelistInput({ ...form, bubbleCount: '30', backgroundImageUrls: 'https://x/1.png' }),
      ),
    ).toEqual({ bubbleCount: 30, backgroundImageUrls: ['https://x/1.png'] });
  });
});
