import { describe, expect, it } from '@jest/globals';
import { formatBlockTime, formatCount, formatMs, formatRelativeTime, shortenAddress } from './format';

describe('shortenAddress', () => {
  it('keeps the head and tail of a long address', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
  });

  it('leaves short text alone', () => {
    expect(shortenAddress('vitalik.eth')).toBe('vitalik.eth');
  });
});

describe('formatCount', () => {
  it('separates thousands, exactly for an amount past 2^53 given as its decimal string', () => {
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount('10000')).toBe('10,000');
    expect(formatCount('12345678901234567890')).toBe('12,345,678,901,234,567,890');
  });
});

describe('formatMs', () => {
  it('rounds to whole milliseconds', () => {
    expect(formatMs(12.6)).toBe('13ms');
    expect(formatMs(-3)).toBe('0ms');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says the largest whole unit between a time and now', () => {
    expect(formatRelativeTime('2026-11-24T09:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('2026-11-27T10:30:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime('2025-10-01T00:00:00Z', now)).toBe('last year');
    expect(formatRelativeTime('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('not a time', now)).toBe('');
  });
});

describe('formatBlockTime', () => {
  it('shows a block time in UTC, whatever the visitor’s zone', () => {
    expect(formatBlockTime('2026-11-24T09:05:00Z')).toBe('Nov 24, 2026, 09:05 UTC');
    expect(formatBlockTime('')).toBe('');
  });
});
