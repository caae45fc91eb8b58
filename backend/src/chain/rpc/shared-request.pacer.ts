import type { Redis } from 'ioredis';

/** Spaces calls to a node; `turn` resolves when the next one may go. */
export interface Pacer {
  turn(): Promise<void>;
}

/**
 * Takes the next free slot of a node's budget, on Redis's clock: the slot after the last one taken
 * by any process, or now. Answers how long the caller waits for it.
 */
const TAKE_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, next)
redis.call('SET', KEYS[1], tostring(at + tonumber(ARGV[1])), 'PX', 60000)
return at - now
`;

/**
 * A node's request budget shared by every process that calls it (N workers reading one public
 * node): each call takes the next slot in Redis, so together they stay within the budget that one
 * process alone would keep. A little under the budget, as RequestPacer, for arrival jitter.
 */
export class SharedRequestPacer implements Pacer {
  private readonly gapMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    perSecond: number,
  ) {
    if (!(perSecond > 0)) throw new Error(`requests per second must be positive, got ${perSecond}`);
    this.gapMs = Math.ceil(1000 / (perSecond * 0.95));
  }

  async turn(): Promise<void> {
    const wait = Number(await this.redis.eval(TAKE_SLOT, 1, this.key, this.gapMs));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
