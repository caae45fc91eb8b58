/** `0x1234...abcd` for long addresses; short strings unchanged. */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 3) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

/** One formatter for every count: a table formats one a cell. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

export function formatCount(value: number | string): string {
  // A decimal string is an amount that may pass 2^53 (ERC-1155 units): formatted exactly.
  return COUNT_FORMAT.format(
    typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : Number(value),
  );
}

/** Whole milliseconds, as in 'Instant (12ms)'. */
export function formatMs(value: number): string {
  return `${Math.max(0, Math.round(value))}ms`;
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "in 2 hours", "just now": the largest whole unit between `iso` and `now`. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (!Number.isFinite(seconds)) return '';
  const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A block's time as "Nov 27, 2026, 22:16 UTC" (UTC: the same for every visitor, as explorers show it). */
export function formatBlockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(date)} UTC`;
}
