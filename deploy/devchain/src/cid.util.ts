import { createHash } from 'node:crypto';

/** Multicodec code of our CIDs: dag-pb, as IPFS directories have. */
const CODEC_DAG_PB = 0x70;

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32, lower-case, no padding: the alphabet of the 'b' multibase prefix. */
function base32(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) output += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return output;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}

/**
 * CIDv1 of some content: version 1, dag-pb, sha2-256 multihash, base32 with the 'b' multibase
 * prefix: it reads `bafybei…` like an IPFS directory.
 */
export function cidV1(content: string | Uint8Array): string {
  const digest = createHash('sha256').update(content).digest();
  const bytes = Uint8Array.from([...varint(1), ...varint(CODEC_DAG_PB), 0x12, 0x20, ...digest]);
  return `b${base32(bytes)}`;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin base58 (base58btc): the encoding of CIDv0, leading zero bytes as '1'. */
function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let output = '';
  while (value > 0n) {
    output = BASE58_ALPHABET[Number(value % 58n)] + output;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    output = `1${output}`;
  }
  return output;
}

/** CIDv0 of some content: the bare sha2-256 multihash in base58btc, `Qm…` like older IPFS pins. */
export function cidV0(content: string | Uint8Array): string {
  const digest = createHash('sha256').update(content).digest();
  return base58(Uint8Array.from([0x12, 0x20, ...digest]));
}
