import type { QueuedScansRepository, Reservation } from '../queued-scans.repository.js';

/** The same marker as the Redis repository's: a slot reserved by a request not enqueued yet. */
const RESERVED = 'reserved:';

type Ledger = Pick<
  QueuedScansRepository,
  'count' | 'reserve' | 'reserveTotal' | 'sweepTotal' | 'release' | 'add' | 'clients' | 'clear'
>;

/**
 * `QueuedScansRepository` in memory, for the unit tests of scan admission: each client's sorted
 * set and the queue's as maps of scan key to the time it is given up at, stepped as the Redis
 * scripts step them. `queued-scans-scenarios.ts` holds both to one table.
 */
export class MemoryQueuedScans implements Ledger {
  private readonly perClient = new Map<string, { members: Map<string, number>; expiresAt: number }>();
  private readonly total = new Map<string, number>();

  async count(client: string, stillQueued: (scanKey: string) => Promise<boolean>, now = Date.now()) {
    const members = this.client(client);
    if (!members) return 0;
    dropUntil(members, now);
    let left = 0;
    for (const scanKey of [...members.keys()]) {
      if (scanKey.startsWith(RESERVED) || (await stillQueued(scanKey))) left += 1;
      else members.delete(scanKey);
    }
    return left;
  }

  async reserve(
    client: string,
    scanKey: string,
    limit: number,
    holdMs: number,
    now = Date.now(),
  ): Promise<Reservation> {
    const entry = this.entry(client);
    dropUntil(entry.members, now);
    if (entry.members.has(scanKey) || entry.members.has(RESERVED + scanKey)) return 'counted';
    if (entry.members.size >= limit) return 'full';
    entry.members.set(RESERVED + scanKey, now + holdMs);
    // As the script: the key lives at least as long as the reservation.
    entry.expiresAt = Math.max(entry.expiresAt, Date.now() + holdMs);
    return 'reserved';
  }

  async reserveTotal(
    scanKey: string,
    limit: number,
    queued: number,
    holdMs: number,
    now = Date.now(),
  ): Promise<Reservation> {
    dropUntil(this.total, now);
    if (this.total.has(RESERVED + scanKey)) return 'counted';
    this.total.delete(scanKey);
    const admitted = this.total.size;
    const started = [...this.total.keys()].filter((member) => !member.startsWith(RESERVED)).length;
    if (Math.max(started, queued) + (admitted - started) >= limit) return 'full';
    this.total.set(RESERVED + scanKey, now + holdMs);
    return 'reserved';
  }

  async sweepTotal(stillQueued: (scanKey: string) => Promise<boolean>) {
    const members = [...this.total.keys()];
    const started = members.filter((member) => !member.startsWith(RESERVED));
    const queued = await Promise.all(started.map(stillQueued));
    const ended = started.filter((_, i) => !queued[i]);
    for (const scanKey of ended) this.total.delete(scanKey);
    return members.length - ended.length;
  }

  async release(client: string, scanKey: string, clientOnly = false) {
    this.client(client)?.delete(RESERVED + scanKey);
    if (!clientOnly) this.total.delete(RESERVED + scanKey);
  }

  async add(client: string, scanKey: string, ttlMs: number, now = Date.now()) {
    const entry = this.entry(client);
    entry.members.delete(RESERVED + scanKey);
    entry.members.set(scanKey, now + ttlMs);
    entry.expiresAt = Date.now() + ttlMs;
    this.total.delete(RESERVED + scanKey);
    this.total.set(scanKey, now + ttlMs);
  }

  async clients() {
    return [...this.perClient.keys()].filter((client) => this.client(client) !== null);
  }

  async clear() {
    const cleared = this.perClient.size + (this.total.size > 0 ? 1 : 0);
    this.perClient.clear();
    this.total.clear();
    return cleared;
  }

  /** A client's set, a new one where its key has expired (its expiry is set by the caller). */
  private entry(client: string): { members: Map<string, number>; expiresAt: number } {
    let entry = this.perClient.get(client);
    if (!entry || entry.expiresAt <= Date.now()) {
      entry = { members: new Map(), expiresAt: 0 };
      this.perClient.set(client, entry);
    }
    return entry;
  }

  /** A client's set while its key lives and holds members (Redis drops an empty set). */
  private client(client: string): Map<string, number> | null {
    const entry = this.perClient.get(client);
    if (!entry || entry.expiresAt <= Date.now() || entry.members.size === 0) {
      this.perClient.delete(client);
      return null;
    }
    return entry.members;
  }
}

/** ZREMRANGEBYSCORE -inf `now`: the members whose time is up. */
function dropUntil(members: Map<string, number>, now: number): void {
  for (const [member, until] of members) if (until <= now) members.delete(member);
}
