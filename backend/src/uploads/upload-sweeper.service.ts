import { randomUUID } from 'node:crypto';

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { RepeatingTask, type RepeatSchedule } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { ImageProxyService, UPLOAD_PREFIX, MEDIA_STORAGE, type MediaStorage } from '../media/index.js';
import { REDIS_CACHE, RedisConnections } from '../platform/redis/index.js';
import { UploadReferencesRepository } from './upload-references.repository.js';

/** What one sweep found and did. */
export interface SweepOutcome {
  /** Uploads older than the age limit. */
  examined: number;
  /** Of those, used by a submission, a whitelisted collection, a promo asset or the promo bar. */
  kept: number;
  removed: number;
  removedBytes: number;
}

/** The first sweep after a start waits this long at most (not a whole interval). */
const FIRST_SWEEP_MS = 60_000;

/**
 * Removes the uploads that no saved record uses once they are older than
 * UPLOAD_UNREFERENCED_MINUTES (an hour by default): a visitor's banner and logo for a form never
 * sent, an admin's logo for a collection never saved. Runs in every API process every
 * UPLOAD_SWEEP_INTERVAL_SECONDS; a lock in Redis lets one process sweep per interval. Works on
 * whatever the media storage is (disk or S3): it lists objects with their ages. Each sweep also
 * lets the image cache count what it holds from before its index (once per index).
 */
@Injectable()
export class UploadSweeper extends RepeatingTask {
  private readonly logger = new Logger(UploadSweeper.name);
  private readonly ttlMs: number;
  private readonly intervalMs: number;
  private readonly lockKey: string;

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly references: UploadReferencesRepository,
    private readonly images: ImageProxyService,
    @Inject(REDIS_CACHE) private readonly redis: Redis,
    connections: RedisConnections,
    config: AppConfig,
  ) {
    super();
    this.ttlMs = config.mediaLimits.unreferencedUploadTtlMs;
    this.intervalMs = config.mediaLimits.uploadSweepIntervalMs;
    this.lockKey = connections.key('uploads', 'sweep-lock');
  }

  protected schedule(): RepeatSchedule {
    return { everyMs: this.intervalMs, firstMs: Math.min(this.intervalMs, FIRST_SWEEP_MS) };
  }

  protected runOnce(): Promise<SweepOutcome | null> {
    return this.sweepIfTurn();
  }

  /** One sweep, when no other process took this interval's turn; errors are logged, not thrown. */
  async sweepIfTurn(): Promise<SweepOutcome | null> {
    try {
      const turn = await this.redis.set(
        this.lockKey,
        randomUUID(),
        'PX',
        Math.max(1000, this.intervalMs - 1000),
        'NX',
      );
      if (turn !== 'OK') return null;
      const outcome = await this.sweep();
      if (outcome.removed > 0) {
        this.logger.log(
          `Removed ${outcome.removed} unused uploads (${outcome.removedBytes} bytes); kept ${outcome.kept} in use`,
        );
      }
      const counted = await this.images.reconcileCache();
      if (counted) this.logger.log(`Image cache counted: ${JSON.stringify(counted)}`);
      return outcome;
    } catch (error) {
      this.logger.warn(`Upload sweep failed: ${String(error)}`);
      return null;
    }
  }

  /**
   * Removes the uploads older than the age limit at `now` that nothing uses. An upload a record
   * names is never removed, whatever its age; one whose use cannot be checked (database away) stays.
   */
  async sweep(now = Date.now()): Promise<SweepOutcome> {
    const old = (await this.storage.entries(`${UPLOAD_PREFIX}/`)).filter(
      (entry) => now - entry.modifiedAt.getTime() > this.ttlMs,
    );
    const used = await this.references.referenced(old.map((entry) => entry.key));
    const outcome: SweepOutcome = { examined: old.length, kept: used.size, removed: 0, removedBytes: 0 };
    for (const entry of old) {
      if (used.has(entry.key)) continue;
      await this.storage.delete(entry.key);
      outcome.removed++;
      outcome.removedBytes += entry.size;
    }
    return outcome;
  }
}
