import { isIP } from 'node:net';

/** Why an address may not be contacted; null for an ordinary public address. */
export type BlockedAddressReason =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'cloud-metadata'
  | 'unique-local'
  | 'multicast'
  | 'reserved'
  | 'documentation';

interface Range {
  network: Uint8Array;
  prefix: number;
  reason: BlockedAddressReason;
}

function range(cidr: string, reason: BlockedAddressReason): Range {
  const [address, prefix] = cidr.split('/');
  const network = parseIpAddress(address ?? '');
  if (!network) throw new Error(`bad built-in range ${cidr}`);
  return { network, prefix: Number(prefix), reason };
}

// Most specific first: the first match names the reason.
const IPV4_BLOCKED: readonly Range[] = [
  range('169.254.169.254/32', 'cloud-metadata'),
  // Azure's wire server answers metadata requests on a public-looking address.
  range('168.63.129.16/32', 'cloud-metadata'),
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

const IPV6_BLOCKED: readonly Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('100::/64', 'reserved'),
  range('64:ff9b:1::/48', 'reserved'),
  range('2001::/32', 'reserved'),
  range('2001:2::/48', 'reserved'),
  range('2001:db8::/32', 'documentation'),
  range('3fff::/20', 'documentation'),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'reserved'),
  range('ff00::/8', 'multicast'),
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits (mapped, compatible, SIIT, NAT64). */
const IPV4_EMBEDDING: readonly Range[] = [
  range('::ffff:0:0/96', 'reserved'),
  range('::/96', 'reserved'),
  range('::ffff:0:0:0/96', 'reserved'),
  range('64:ff9b::/96', 'reserved'),
];
const SIX_TO_FOUR = range('2002::/16', 'reserved');

function inRange(bytes: Uint8Array, candidate: Range): boolean {
  if (bytes.length !== candidate.network.length) return false;
  let bits = candidate.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((candidate.network[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIpv4(text: string): Uint8Array {
  return Uint8Array.from(text.split('.').map(Number));
}

function parseIpv6(text: string): Uint8Array | null {
  let address = text;
  // A trailing dotted quad stands for the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = parseIpv4(quad[1]);
    address = `${address.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string | undefined): number[] =>
    part ? part.split(':').map((g) => parseInt(g, 16)) : [];
  const head = toGroups(halves[0]);
  const tail = toGroups(halves[1]);
  const zeros = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (zeros < 0) return null;
  const groups = [...head, ...new Array<number>(zeros).fill(0), ...tail];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

/**
 * Parses a literal IPv4 or IPv6 address (brackets and a zone id are tolerated) into 4 or 16 bytes;
 * null when it is not an address.
 */
export function parseIpAddress(text: string): Uint8Array | null {
  let address = text.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const family = isIP(address);
  if (family === 4) return parseIpv4(address);
  if (family === 6) return parseIpv6(address.toLowerCase());
  return null;
}

function classifyIpv4(bytes: Uint8Array): BlockedAddressReason | null {
  return IPV4_BLOCKED.find((r) => inRange(bytes, r))?.reason ?? null;
}

/**
 * Why a literal address must not be contacted by a server-side fetch, or null when it is public.
 * IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
export function blockedAddressReason(address: string): BlockedAddressReason | null {
  const bytes = parseIpAddress(address);
  if (!bytes) return 'invalid';
  if (bytes.length === 4) return classifyIpv4(bytes);
  const direct = IPV6_BLOCKED.find((r) => inRange(bytes, r));
  if (direct) return direct.reason;
  if (IPV4_EMBEDDING.some((r) => inRange(bytes, r))) return classifyIpv4(bytes.subarray(12, 16));
  if (inRange(bytes, SIX_TO_FOUR)) return classifyIpv4(bytes.subarray(2, 6));
  return null;
}

export function isBlockedAddress(address: string): boolean {
  return blockedAddressReason(address) !== null;
}
