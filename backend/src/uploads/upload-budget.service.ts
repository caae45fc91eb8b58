import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { TooManyRequestsException } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { REDIS_CACHE, RedisConnections } from '../platform/redis/index.js';
import { UploadReferencesRepository } from './upload-references.repository.js';

/**
 * One atomic step for a client address: forget uploads older than the window (the sweep removes
 * them by then, or a record uses them), add up what is left, and grant the next file what the
 * budget still has (at most `want` bytes). Answers [granted, used, oldest upload's time].
 */
const RESERVE = `
local times, sizes = KEYS[1], KEYS[2]
local upload, want, now, window, budget = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local cutoff = now - window
for _, old in ipairs(redis.call('ZRANGEBYSCORE', times, '-inf', cutoff)) do redis.call('HDEL', sizes, old) end
redis.call('ZREMRANGEBYSCORE', times, '-inf', cutoff)
local used = 0
for _, size in ipairs(redis.call('HVALS', sizes)) do used = used + tonumber(size) end
local oldest = redis.call('ZRANGE', times, 0, 0, 'WITHSCORES')[2] or ARGV[3]
local granted = math.min(want, budget - used)
if granted <= 0 then return {0, used, oldest} end
redis.call('HSET', sizes, upload, granted)
redis.call('ZADD', times, now, upload)
redis.call('PEXPIRE', times, window)
redis.call('PEXPIRE', sizes, window)
return {granted, used, oldest}
`;

/** More bytes for an upload being stored, while the budget has them. Answers the bytes granted. */
const EXTEND = `
local sizes = KEYS[1]
local upload, want, budget = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('HEXISTS', sizes, upload) == 0 then return 0 end
local used = 0
for _, size in ipairs(redis.call('HVALS', sizes)) do used = used + tonumber(size) end
local granted = math.min(want, budget - used)
if granted <= 0 then return 0 end
redis.call('HINCRBY', sizes, upload, granted)
return granted
`;

/**
 * Bytes granted at a time while a file streams in: a file holds little more of the budget than it
 * stored so far, so two files of one request (or of two) share what is left fairly.
 */
export const GRANT_STEP_BYTES = 256 * 1024;

/** The size of an upload once stored (only while it is still counted). */
const SETTLE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 0
`;

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A client address over its budget of uploads nothing uses yet: 429, with Retry-After. */
export class UploadBudgetExceededException extends TooManyRequestsException {
  constructor(budgetBytes: number, retryAfterS: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
    super(
      retryAfterS,
      `Upload limit reached: images not yet part of a submission may take at most ${megabytes(budgetBytes)} ` +
        `per address. Submit your collection with the images already uploaded, or try again in ${minutes} ` +
        `minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/** What a file of the budgeted route may take: its upload key and the bytes granted to it so far. */
export interface UploadGrant {
  client: string;
  key: string;
  bytes: number;
}

/**
 * Each client address's budget of stored uploads that no saved record uses yet (UPLOAD_BUDGET_MB),
 * counted in Redis so that every API process shares it. An upload counts from when it is stored
 * until a submission (or other record) uses it, or until the sweep's age limit, after which the
 * sweep has removed it. Redis away: the upload is let through (the rate limit and the sweep still
 * bound it) rather than refused.
 */
@Injectable()
export class UploadBudget {
  private readonly logger = new Logger(UploadBudget.name);
  private readonly budgetBytes: number;
  private readonly windowMs: number;

  constructor(
    @Inject(REDIS_CACHE) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly references: UploadReferencesRepository,
    config: AppConfig,
  ) {
    this.budgetBytes = config.mediaLimits.uploadBudgetBytes;
    this.windowMs = config.mediaLimits.unreferencedUploadTtlMs;
  }

  /**
   * Grants the next file of `client` its first bytes (GRANT_STEP_BYTES, or what its budget has
   * left); throws UploadBudgetExceededException when nothing is left. Null when Redis cannot say.
   */
  async reserve(client: string, key: string, wantBytes = GRANT_STEP_BYTES): Promise<UploadGrant | null> {
    const [times, sizes] = this.keys(client);
    let answer: [number, number, string];
    await this.forgetUsed(client).catch((error: unknown) => {
      this.logger.warn(`uploads of ${client} in use not counted out: ${String(error)}`);
    });
    try {
      answer = (await this.redis.eval(
        RESERVE,
        2,
        times,
        sizes,
        key,
        wantBytes,
        Date.now(),
        this.windowMs,
        this.budgetBytes,
      )) as [number, number, string];
    } catch (error) {
      this.logger.warn(`upload budget of ${client} not checked: ${String(error)}`);
      return null;
    }
    const [granted, , oldest] = answer;
    if (granted <= 0) {
      const retryAfterS = Math.max(1, Math.ceil((Number(oldest) + this.windowMs - Date.now()) / 1000));
      throw new UploadBudgetExceededException(this.budgetBytes, retryAfterS);
    }
    return { client, key, bytes: granted };
  }

  /**
   * Grants a file being stored more bytes: true when the budget had some, false when it ran out,
   * null when Redis cannot say (the file then goes on unbounded by the budget).
   */
  async extend(grant: UploadGrant, wantBytes = GRANT_STEP_BYTES): Promise<boolean | null> {
    try {
      const granted = (await this.redis.eval(
        EXTEND,
        1,
        this.keys(grant.client)[1],
        grant.key,
        wantBytes,
        this.budgetBytes,
      )) as number;
      grant.bytes += granted;
      return granted > 0;
    } catch (error) {
      this.logger.warn(`upload budget of ${grant.client} not checked: ${String(error)}`);
      return null;
    }
  }

  /** The refusal for a file that went past its grant (the budget ran out during it). */
  exceeded(): UploadBudgetExceededException {
    return new UploadBudgetExceededException(this.budgetBytes, Math.ceil(this.windowMs / 1000));
  }

  /** Counts a stored file at its real size (the grant was an upper bound). */
  async settle(grant: UploadGrant, storedBytes: number): Promise<void> {
    await this.redis
      .eval(SETTLE, 1, this.keys(grant.client)[1], grant.key, storedBytes)
      .catch((error: unknown) => this.logger.warn(`upload budget not settled: ${String(error)}`));
  }

  /** Stops counting uploads that were removed (a refused request) or that a record now uses. */
  async release(client: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const [times, sizes] = this.keys(client);
    await this.redis
      .multi()
      .zrem(times, ...keys)
      .hdel(sizes, ...keys)
      .exec()
      .catch((error: unknown) => this.logger.warn(`upload budget not released: ${String(error)}`));
  }

  /** A visitor who submitted the collection gets back what its images took. */
  private async forgetUsed(client: string): Promise<void> {
    const counted = await this.redis.zrange(this.keys(client)[0], '0', '-1');
    if (counted.length === 0) return;
    const used = await this.references.referenced(counted);
    await this.release(client, [...used]);
  }

  private keys(client: string): [times: string, sizes: string] {
    return [
      this.connections.key('upload-budget', client, 'times'),
      this.connections.key('upload-budget', client, 'sizes'),
    ];
  }
}
