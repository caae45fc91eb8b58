import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import {
  parseScanKey,
  QUEUED_SCAN_LIMITS,
  queuedScansPerClientMessage,
  scanQueueFullMessage,
  type RateLimitStatus,
  type ScanKind,
} from '@nexus/contract';
import { RetryLaterException, TooManyRequestsException } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { jobOfKind, ScanQueueRepository } from '../platform/queues/index.js';
import { RateLimiterService } from '../platform/security/index.js';
import { QueuedScansRepository, type Reservation } from './queued-scans.repository.js';

/** How long a client whose share of the queue is full is asked to wait. */
export const QUEUED_PER_CLIENT_RETRY_S = 10;
/** How long everyone is asked to wait when the queue is full. */
export const QUEUE_FULL_RETRY_S = 30;
/** How long a slot is held for a request between its admission and its enqueue (a crash mid-way). */
const RESERVATION_HOLD_MS = 60_000;

/**
 * Admission control for scans that start work (a cache miss or `forceRefresh`): joining a scan that
 * is already running is free; starting one costs from the smaller `fresh` budget, and is refused
 * while the client has its share of scans queued or running (429), or the queue is full (503).
 * The client's slot is taken in one Redis step at admission (simultaneous requests of one client
 * each see the others' slots), then becomes its scan's (`started`) or is given back (`release`).
 */
@Injectable()
export class ScanAdmission {
  private readonly logger = new Logger(ScanAdmission.name);
  /** The look for admitted scans that ended, under way in this process. */
  private sweep: Promise<number> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly limits: RateLimiterService,
    private readonly queue: ScanQueueRepository,
    private readonly queued: QueuedScansRepository,
  ) {}

  /**
   * Throws 429 or 503 (with Retry-After) when `client` may not start the scan of `key` now; answers
   * whether a new job would start (false: the scan is running and the request joins it). True holds
   * a slot of the client: the caller ends it with `started` or `release`.
   */
  async admit(client: string, key: string, kind: ScanKind): Promise<boolean> {
    if (await this.queue.isRunning(key, kind)) return false;
    const verdict = await this.limits.consume('fresh', client);
    if (!verdict.allowed) throw new TooManyRequestsException(Math.max(1, Math.ceil(verdict.resetMs / 1000)));
    const { perClient, total } = this.config.scanQueueLimits;
    // Entries of scans that ended go first, so that they free their slots for the reservation.
    await this.countOf(client);
    const reservation = await this.reserve(client, key, perClient);
    if (reservation === 'full') {
      throw new TooManyRequestsException(QUEUED_PER_CLIENT_RETRY_S, queuedScansPerClientMessage(perClient));
    }
    // This client's request for the same scan is starting it: this one joins.
    if (reservation === 'counted') return false;
    const slot = await this.reserveTotal(key, total);
    // Another client's request for the same scan holds its slot and is starting it: this one joins.
    if (slot === 'counted') {
      await this.release(client, key, true);
      return false;
    }
    if (slot === 'full') {
      await this.release(client, key);
      throw new RetryLaterException(
        HttpStatus.SERVICE_UNAVAILABLE,
        QUEUE_FULL_RETRY_S,
        scanQueueFullMessage(QUEUE_FULL_RETRY_S),
      );
    }
    return true;
  }

  /**
   * Takes a slot of the whole queue in one Redis step, so simultaneous requests of many clients
   * cannot all see the last free one. When the queue looks full, the entries of scans that ended are
   * dropped (simultaneous requests of a process share one look at the queue) and it is asked again.
   */
  private async reserveTotal(key: string, total: number): Promise<Reservation | null> {
    try {
      const queued = await this.queue.queuedScans();
      const first = await this.queued.reserveTotal(key, total, queued, RESERVATION_HOLD_MS);
      if (first !== 'full') return first;
      this.sweep ??= this.queued
        .sweepTotal((scanKey) => this.stillQueued(scanKey))
        .finally(() => (this.sweep = null));
      await this.sweep;
      return await this.queued.reserveTotal(key, total, await this.queue.queuedScans(), RESERVATION_HOLD_MS);
    } catch (error) {
      // Without Redis no scan starts anyway; the count is no reason to refuse.
      this.logger.warn(`slot of scan ${key} in the queue not reserved: ${String(error)}`);
      return null;
    }
  }

  private async stillQueued(scanKey: string): Promise<boolean> {
    const parsed = parseScanKey(scanKey);
    return parsed !== null && (await this.queue.isRunning(scanKey, parsed.kind));
  }

  /** Gives back the slot `admit` took when the request started no job (it joined one, or failed). */
  async release(client: string, key: string, clientOnly = false): Promise<void> {
    try {
      await this.queued.release(client, key, clientOnly);
    } catch (error) {
      this.logger.warn(`slot of scan ${key} not given back (it lapses in a minute): ${String(error)}`);
    }
  }

  /** Counts a scan `client` started until its job ends (or could not have lasted longer). */
  async started(client: string, key: string, kind: ScanKind): Promise<void> {
    const { options } = jobOfKind(kind);
    // Every attempt at its timeout, the retries' pauses, and a minute of slack.
    const ttlMs = options.attempts * options.timeout + 5 * 60_000;
    try {
      await this.queued.add(client, key, ttlMs);
    } catch (error) {
      this.logger.warn(`scan ${key} not counted for its client: ${String(error)}`);
    }
  }

  /** The queue limits as the security dashboard shows them, beside the rate limits. */
  async status(): Promise<Record<string, RateLimitStatus>> {
    const { perClient, total } = this.config.scanQueueLimits;
    const [clients, queued] = await Promise.all([this.queued.clients(), this.queue.queuedScans()]);
    let busiest = 0;
    for (const client of clients) busiest = Math.max(busiest, await this.countOf(client));
    return {
      [QUEUED_SCAN_LIMITS.perClient]: { current: busiest, limit: perClient, resetIn: 0, windowMs: 0 },
      [QUEUED_SCAN_LIMITS.total]: { current: queued, limit: total, resetIn: 0, windowMs: 0 },
    };
  }

  private async reserve(client: string, key: string, limit: number): Promise<Reservation | null> {
    try {
      return await this.queued.reserve(client, key, limit, RESERVATION_HOLD_MS);
    } catch (error) {
      // Without Redis no scan starts anyway; the count is no reason to refuse.
      this.logger.warn(`slot of scan ${key} not reserved: ${String(error)}`);
      return null;
    }
  }

  private async countOf(client: string): Promise<number> {
    try {
      return await this.queued.count(client, (scanKey) => this.stillQueued(scanKey));
    } catch (error) {
      // Without Redis no scan starts anyway; the count is no reason to refuse.
      this.logger.warn(`queued scans of a client not counted: ${String(error)}`);
      return 0;
    }
  }
}
