import type { MetadataReason } from '@nexus/contract';

import type { MetadataLookup } from '../chain/index.js';
import { parseNftUri } from '../platform/outbound/index.js';

/** Metadata requests one host may have in flight while other hosts' tokens wait for a slot. */
export const SCAN_HOST_CONCURRENCY = 8;
/** Timeouts in a row after which a host's remaining tokens of the scan are left to metadata-retry. */
export const SCAN_HOST_TIMEOUTS = 3;

/** The host a token's metadata request goes to, or null when it needs none (data: or JSON URIs). */
export function metadataHostOf(uri: string | null | undefined): string | null {
  if (!uri) return null;
  const parsed = parseNftUri(uri);
  switch (parsed?.kind) {
    case 'http':
      return parsed.url.host;
    // Gateways serve every CID; a CID no node has times out on each of its paths alone.
    case 'ipfs':
      return `ipfs:${parsed.cid}`;
    case 'arweave':
      return `ar:${parsed.id}`;
    default:
      return null;
  }
}

/** Served waiters kept at the head of a host's queue before it is cut. */
const COMPACT_AFTER = 1_024;

interface Waiter {
  seq: number;
  start: () => void;
}

interface HostState {
  active: number;
  waiting: Waiter[];
  /** Index of the first waiter still waiting (shifting a long array is quadratic). */
  head: number;
  timeoutsInRow: number;
  /** Set once the host timed out SCAN_HOST_TIMEOUTS times in a row: its tokens' reason. */
  deferredReason: MetadataReason | null;
}

export interface ScanHostLimitOptions {
  /** Requests in flight at once, all hosts together (METADATA_CONCURRENCY). */
  limit: number;
  /** Requests one host may have in flight while another host's token waits (default 8). */
  perHost?: number;
  /** Timeouts in a row after which a host's remaining tokens get no request (default 3). */
  timeoutsInRow?: number;
}

/**
 * One scan's budget of metadata requests, shared fairly between hosts. A host with `perHost`
 * requests in flight yields each free slot to other hosts' waiting tokens; among hosts that are all
 * at their cap, the one with the fewest in flight goes next; nobody else waiting, it takes any free
 * slot. So a host answering in seconds holds at most max(perHost, limit / hosts waiting) slots, not
 * the slots of the hosts answering in milliseconds, and a one-host collection still uses them all. A host that timed out `timeoutsInRow` times in a row is deferred for the rest of
 * the scan: its remaining tokens are listed pending with that reason at once, without a request,
 * and the metadata-retry job asks for them later.
 */
export class ScanHostLimit {
  private readonly limit: number;
  private readonly perHost: number;
  private readonly timeoutsInRow: number;
  private readonly hosts = new Map<string | null, HostState>();
  private active = 0;
  private seq = 0;

  constructor(options: ScanHostLimitOptions) {
    this.limit = options.limit;
    this.perHost = options.perHost ?? SCAN_HOST_CONCURRENCY;
    this.timeoutsInRow = options.timeoutsInRow ?? SCAN_HOST_TIMEOUTS;
    for (const [name, value] of Object.entries({
      limit: this.limit,
      perHost: this.perHost,
      timeoutsInRow: this.timeoutsInRow,
    })) {
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`${name} must be a positive integer, got ${value}`);
    }
  }

  /** Runs `task` in one of the scan's slots; `host` null (no request) is never held back by a cap. */
  async run<T>(host: string | null, task: () => Promise<T>): Promise<T> {
    const state = this.stateOf(host);
    await new Promise<void>((start) => {
      state.waiting.push({ seq: this.seq++, start });
      this.dispatch();
    });
    try {
      return await task();
    } finally {
      this.active--;
      state.active--;
      this.dispatch();
    }
  }

  /** Why `host`'s tokens are left to the retry job without a request, or null while it is asked. */
  deferred(host: string | null): MetadataReason | null {
    return host === null ? null : (this.hosts.get(host)?.deferredReason ?? null);
  }

  /** Counts a lookup's outcome against its host: timeouts in a row defer the host. */
  record(host: string | null, found: MetadataLookup): void {
    if (host === null) return;
    const state = this.stateOf(host);
    const reason = 'reason' in found ? found.reason : undefined;
    const timedOut =
      !found.metadata &&
      'unavailable' in found &&
      found.unavailable !== undefined &&
      (reason === 'timeout' || reason === 'ipfs-missing');
    if (!timedOut) {
      state.timeoutsInRow = 0;
      return;
    }
    state.timeoutsInRow++;
    if (state.timeoutsInRow >= this.timeoutsInRow && reason) state.deferredReason ??= reason;
  }

  private stateOf(host: string | null): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, waiting: [], head: 0, timeoutsInRow: 0, deferredReason: null };
      this.hosts.set(host, state);
    }
    return state;
  }

  /**
   * Fills free slots: the earliest waiter of a host under its cap; else (every waiting host at its
   * cap) a waiter of the host with the fewest requests in flight.
   */
  private dispatch(): void {
    while (this.active < this.limit) {
      let best: HostState | null = null;
      let bestCapped: HostState | null = null;
      for (const [host, state] of this.hosts) {
        const first = state.waiting[state.head];
        if (!first) continue;
        if (host !== null && state.active >= this.perHost) {
          const fewer =
            !bestCapped ||
            state.active < bestCapped.active ||
            (state.active === bestCapped.active && first.seq < bestCapped.waiting[bestCapped.head]!.seq);
          if (fewer) bestCapped = state;
        } else if (!best || first.seq < best.waiting[best.head]!.seq) {
          best = state;
        }
      }
      const next = best ?? bestCapped;
      if (!next) return;
      const waiter = next.waiting[next.head++]!;
      // The queue is cut once half of it is served: a scan whose chunks overlap never empties it,
      // and served waiters (each holding its token's task) would stay for the whole scan.
      if (next.head === next.waiting.length) {
        next.waiting = [];
        next.head = 0;
      } else if (next.head >= COMPACT_AFTER && next.head * 2 >= next.waiting.length) {
        next.waiting = next.waiting.slice(next.head);
        next.head = 0;
      }
      this.active++;
      next.active++;
      waiter.start();
    }
  }
}
