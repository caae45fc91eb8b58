import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { deleteMatching, REDIS, RedisConnections } from '../platform/redis/index.js';

/** A slot taken by a request that has not enqueued its scan yet: counted, never asked of the queue. */
const RESERVED = 'reserved:';

/**
 * Takes a slot in one step, so simultaneous requests of one client cannot all see a free slot:
 * drops entries past their time; answers 0 when this scan is counted already (the request joins
 * it), -1 when the client's slots are full, else counts it as reserved and answers 1.
 * KEYS[1] the client's set; ARGV: now, scan key, limit, reserved until, key lifetime (ms).
 */
const RESERVE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) or redis.call('ZSCORE', KEYS[1], '${RESERVED}' .. ARGV[2]) then
  return 0
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[4], '${RESERVED}' .. ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
return 1
`;

/**
 * The same for the whole queue (SCAN_QUEUE_TOTAL), in one step: the scans admitted and not ended
 * (reserved or started, whichever API admitted them) or, when Bull holds more (scans queued by
 * another path), Bull's count, plus this one, must stay within the limit. The scan's own entry
 * as started is dropped: its job has ended (the caller asked Bull first).
 * KEYS[1] the set of every admitted scan; ARGV: now, scan key, limit, reserved until, Bull's count.
 */
const RESERVE_TOTAL = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], '${RESERVED}' .. ARGV[2]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[2])
local admitted = redis.call('ZCARD', KEYS[1])
local started = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if string.sub(member, 1, ${RESERVED.length}) ~= '${RESERVED}' then started = started + 1 end
end
local queued = math.max(started, tonumber(ARGV[5])) + (admitted - started)
if queued >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[4], '${RESERVED}' .. ARGV[2])
return 1
`;

export type Reservation = 'reserved' | 'counted' | 'full';

/**
 * The scans each client address started and that may still be queued or running: a sorted set per
 * address of scan keys, scored by the time each is given up at the latest. A count drops the keys
 * past that time and those whose job has ended (asked of the queue), so a worker that dies, a
 * lost event or a restarted API can never leave a client's count stuck. A request takes its slot
 * (`reserve`) before it enqueues, and turns it into its scan's entry (`add`) or gives it back.
 */
@Injectable()
export class QueuedScansRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  private key(client: string): string {
    return this.connections.key('admission', client);
  }

  /** Scans of `client` still queued or running (`stillQueued` asks the queue about each). */
  async count(
    client: string,
    stillQueued: (scanKey: string) => Promise<boolean>,
    now = Date.now(),
  ): Promise<number> {
    const key = this.key(client);
    const [, members] = (await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', String(now))
      .zrange(key, '0', '-1')
      .exec())!;
    const keys = (members?.[1] as string[] | undefined) ?? [];
    const ended: string[] = [];
    for (const scanKey of keys)
      if (!scanKey.startsWith(RESERVED) && !(await stillQueued(scanKey))) ended.push(scanKey);
    if (ended.length > 0) await this.redis.zrem(key, ...ended);
    return keys.length - ended.length;
  }

  /**
   * Takes one of `client`'s `limit` slots for `scanKey` until `holdMs` has passed: `counted` when
   * this scan of the client is counted already, `full` when no slot is free.
   */
  async reserve(
    client: string,
    scanKey: string,
    limit: number,
    holdMs: number,
    now = Date.now(),
  ): Promise<Reservation> {
    return this.reserveIn(RESERVE, this.key(client), scanKey, limit, now, holdMs, holdMs);
  }

  /**
   * Takes one of the queue's `limit` slots for `scanKey` until `holdMs` has passed (`queued`: the
   * scans Bull holds now): `counted` when the scan is admitted already, `full` when no slot is free.
   */
  async reserveTotal(
    scanKey: string,
    limit: number,
    queued: number,
    holdMs: number,
    now = Date.now(),
  ): Promise<Reservation> {
    return this.reserveIn(RESERVE_TOTAL, this.totalKey(), scanKey, limit, now, holdMs, queued);
  }

  /**
   * Runs `script` (RESERVE or RESERVE_TOTAL) on the set `key`: ARGV now, scan key, limit, reserved
   * until (`now + holdMs`), then the script's own last argument.
   */
  private async reserveIn(
    script: string,
    key: string,
    scanKey: string,
    limit: number,
    now: number,
    holdMs: number,
    last: number,
  ): Promise<Reservation> {
    const answer = Number(await this.redis.eval(script, 1, key, now, scanKey, limit, now + holdMs, last));
    return answer === 1 ? 'reserved' : answer === 0 ? 'counted' : 'full';
  }

  /**
   * Drops the queue's entries of scans that ended (`stillQueued` asks the queue about each); answers
   * how many are left.
   */
  async sweepTotal(stillQueued: (scanKey: string) => Promise<boolean>): Promise<number> {
    const key = this.totalKey();
    const members = await this.redis.zrange(key, '0', '-1');
    const started = members.filter((scanKey) => !scanKey.startsWith(RESERVED));
    const queued = await Promise.all(started.map(stillQueued));
    const ended = started.filter((_, i) => !queued[i]);
    if (ended.length > 0) await this.redis.zrem(key, ...ended);
    return members.length - ended.length;
  }

  /**
   * Gives back the slots `reserve` and `reserveTotal` took (the request joined a scan, or failed);
   * `clientOnly` keeps the queue's slot (another request of the scan holds it).
   */
  async release(client: string, scanKey: string, clientOnly = false): Promise<void> {
    const step = this.redis.multi().zrem(this.key(client), RESERVED + scanKey);
    if (!clientOnly) step.zrem(this.totalKey(), RESERVED + scanKey);
    await step.exec();
  }

  /** Counts a scan `client` started (in place of its reserved slots), until it ends or `ttlMs` has passed. */
  async add(client: string, scanKey: string, ttlMs: number, now = Date.now()): Promise<void> {
    const key = this.key(client);
    const total = this.totalKey();
    await this.redis
      .multi()
      .zrem(key, RESERVED + scanKey)
      .zadd(key, now + ttlMs, scanKey)
      .pexpire(key, ttlMs)
      .zrem(total, RESERVED + scanKey)
      .zadd(total, now + ttlMs, scanKey)
      .exec();
  }

  /** Every client with scans counted (for the dashboard). */
  async clients(): Promise<string[]> {
    const prefix = this.key('');
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      found.push(...keys.map((key) => key.slice(prefix.length)));
    } while (cursor !== '0');
    return found;
  }

  /** Forgets every count (tests). */
  async clear(): Promise<number> {
    return (await deleteMatching(this.redis, this.key('*'))) + (await this.redis.del(this.totalKey()));
  }

  private totalKey(): string {
    return this.connections.key('admission-all');
  }
}
