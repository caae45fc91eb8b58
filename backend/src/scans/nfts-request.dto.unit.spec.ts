import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { createValidationPipe } from '../platform/common/index.js';
import { NftsRequestDto } from './nfts-request.dto.js';

const metadata: ArgumentMetadata = { type: 'body', metatype: NftsRequestDto, data: '' };
const WALLET = '0x' + 'ab'.repeat(20);

/** What a pipe answers: the value, or the 400's message. */
async function outcome(quick: boolean, body: unknown): Promise<unknown> {
  try {
    return await createValidationPipe({ quick }).transform(body, metadata);
  } catch (error) {
    if (error instanceof BadRequestException) return { refused: error.message };
    throw error;
  }
}

describe('NftsRequestDto quick check', () => {
  const bodies: unknown[] = [
    { address: WALLET, network: 'polygon', searchType: 'wallet' },
    { address: `  ${WALLET}\n`, network: 'ethereum', searchType: 'collection', forceRefresh: true },
    {
      address: 'vitalik.eth',
      network: 'cronos',
      searchType: 'wallet',
      includeAllTokenTypes: false,
      includeMetadata: true,
      preload: false,
    },
    // Refused, or taken only by the full validation:
    { address: WALLET, network: 'polygon', searchType: 'wallet', extra: 1 },
    { address: WALLET, network: 'polygon', searchType: 'wallet', forceRefresh: null },
    { address: WALLET, network: 'polygon', searchType: 'wallet', forceRefresh: 'yes' },
    { address: '   ', network: 'polygon', searchType: 'wallet' },
    { address: 'x'.repeat(256), network: 'polygon', searchType: 'wallet' },
    { address: ` ${'x'.repeat(255)} `, network: 'polygon', searchType: 'wallet' },
    { address: 42, network: 'polygon', searchType: 'wallet' },
    { address: WALLET, network: 'bitcoin', searchType: 'wallet' },
    { address: WALLET, network: 'polygon', searchType: 'token' },
    { address: WALLET, network: 'polygon' },
    { network: 'polygon', searchType: 'wallet' },
    JSON.parse(`{"address":"${WALLET}","network":"polygon","searchType":"wallet","__proto__":{"x":1}}`),
    [WALLET],
    null,
    'text',
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))(
    'answers what the full validation answers: %s',
    async (_name, body) => {
      const quick = await outcome(true, body);
      const full = await outcome(false, body);
      expect(quick).toEqual(full);
      if (!('refused' in (full as object))) expect(quick).toBeInstanceOf(NftsRequestDto);
    },
  );

  it('still refuses a NUL character in the address, with the reason', async () => {
    const body = { address: `${WALLET}\u0000`, network: 'polygon', searchType: 'wallet' };
    expect(await outcome(true, body)).toEqual({ refused: expect.stringContaining('NUL') });
  });

  it('trims the address of a body it takes', async () => {
    const answer = await outcome(true, { address: ` ${WALLET} `, network: 'polygon', searchType: 'wallet' });
    expect(answer).toMatchObject({ address: WALLET });
  });
});
