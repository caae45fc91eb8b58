import { encodeAbiParameters, pad, toHex, type Hex } from 'viem';
import { CONSECUTIVE_TRANSFER_TOPIC } from './erc.abis.js';
import { consecutiveIds } from './transfer-logs.util.js';

const ZERO = pad('0x00', { size: 32 });
const WALLET = pad('0x976ea74026e726554db657fa54763abd0c3a0aa9', { size: 32 });
const event = (from: bigint, data: Hex) => ({
  topics: [CONSECUTIVE_TRANSFER_TOPIC, pad(toHex(from), { size: 32 }), ZERO, WALLET] as [Hex, ...Hex[]],
  data,
});
const upTo = (to: bigint) => encodeAbiParameters([{ type: 'uint256' }], [to]);

describe('consecutiveIds (EIP-2309 ranges)', () => {
  it('names every id from fromTokenId to toTokenId, both included', () => {
    expect(consecutiveIds(event(200n, upTo(204n)))).toEqual([200n, 201n, 202n, 203n, 204n]);
    expect(consecutiveIds(event(7n, upTo(7n)))).toEqual([7n]);
    expect(consecutiveIds(event(0n, upTo(4_999n)))).toHaveLength(5_000);
  });

  it('names nothing for an inverted, malformed or wider-than-any-mint range', () => {
    expect(consecutiveIds(event(10n, upTo(9n)))).toEqual([]);
    expect(consecutiveIds(event(0n, upTo(5_000n)))).toEqual([]);
    expect(consecutiveIds(event(0n, upTo(2n ** 256n - 1n)))).toEqual([]);
    expect(consecutiveIds(event(0n, '0x'))).toEqual([]);
    expect(consecutiveIds({ topics: [CONSECUTIVE_TRANSFER_TOPIC] as [Hex], data: upTo(1n) })).toEqual([]);
  });
});
