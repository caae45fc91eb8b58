import { isIP, isIPv4 } from 'node:net';

/** Key of requests whose address is missing or is not an IP (a misconfigured trusted proxy). */
export const UNKNOWN_CLIENT = 'unknown';

/** The sixteen-bit groups of an IPv6 address (an IPv4 tail counts as two), or null. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && isIPv4(piece)) {
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** `2001:db8:0:0::/64` written the way URLs write it: lower case, zeros compressed (RFC 5952). */
function ipv6Prefix64(groups: number[]): string {
  const text = groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':');
  return `${new URL(`http://[${text}::]`).hostname.slice(1, -1)}/64`;
}

/**
 * The key one client's requests are counted under: an IPv4 address (also when it arrives
 * IPv4-mapped, `::ffff:1.2.3.4`), or for IPv6 its /64 network, since one host may hold every
 * address of its /64 and would otherwise get a fresh budget per address.
 */
export function clientKey(ip: string | undefined): string {
  if (ip === undefined) return UNKNOWN_CLIENT;
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  const groups = isIP(address) === 6 ? ipv6Groups(address) : null;
  if (groups === null) return UNKNOWN_CLIENT;
  const mapped = groups.slice(0, 6).join(':') === '0:0:0:0:0:65535';
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return ipv6Prefix64(groups);
}

/** What an admin may name to clear: an IP address or an IPv6 /64 as listed (`2001:db8::/64`). */
export function isClientKey(text: string): boolean {
  if (isIP(text) !== 0) return true;
  const match = /^(.+)\/64$/.exec(text);
  return match !== null && isIP(match[1]!) === 6;
}

const CLIENT_KEY = Symbol('nexus.clientKey');

/**
 * `clientKey(req.ip)`, worked out once per request: Express derives `req.ip` anew on every read
 * (the trusted-proxy walk), and the turns, the flood gate, the limiter and the scan route each ask.
 */
export function requestClientKey(req: { ip?: string | undefined; [CLIENT_KEY]?: string }): string {
  return (req[CLIENT_KEY] ??= clientKey(req.ip));
}
