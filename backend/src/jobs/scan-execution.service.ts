import { Injectable, Logger } from '@nestjs/common';
import type { ScanJobPayload, ScanKind } from '@nexus/contract';
import { redactSecrets } from '../platform/logging/index.js';
import { withRetry, type RetryPolicy } from '../platform/outbound/index.js';
import { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanReporter } from './scan-reporter.js';
import { ScanRunRepository } from './scan-run.repository.js';

export interface ScanOutcomeSummary {
  totalNfts: number;
  totalCollections: number;
  scanDuration: number;
  isComplete: boolean;
  /** With `isComplete: false`: why, in words a visitor can read (INCOMPLETE_REASONS' texts). */
  incompleteReason?: string;
}

/** The run log's reason for a run whose worker stopped and handed its job to another. */
export const HANDED_BACK = 'worker stopped; job handed back to the queue';

/** A failure that retrying will not fix (no contract, not an NFT contract, empty collection). */
export class PermanentScanError extends Error {}

/**
 * A run log row is retried past a short database outage: pauses of about 0.5, 1, 2, 4, 8 and 16 s
 * (over 30 s in all) before the row is given up (and the loss logged).
 */
export const LOG_WRITE_RETRY: RetryPolicy = { retries: 6, baseDelayMs: 1000, maxDelayMs: 16_000 };

/**
 * What every scan kind shares: the run log row, the progress reporter, and the completed or failed
 * event once the work is done. The run log is a record, not the result: a scan whose results were
 * saved and announced is complete even when its log row cannot be written.
 */
@Injectable()
export class ScanExecution {
  /** Runs in progress in this process, by run log id. */
  private readonly running = new Set<string>();
  private handedBack = false;
  private readonly logger = new Logger('ScanExecution');
  private readonly settlers = new Map<ScanKind, (payload: ScanJobPayload) => Promise<unknown>>();
  /** How the run log's last write is retried (tests shorten the pauses). */
  logWriteRetry: RetryPolicy = LOG_WRITE_RETRY;

  constructor(
    private readonly progress: ScanProgressRepository,
    private readonly runs: ScanRunRepository,
  ) {}

  async execute(
    payload: ScanJobPayload,
    attempt: number,
    work: (reporter: ScanReporter, started: number) => Promise<ScanOutcomeSummary>,
  ): Promise<ScanOutcomeSummary> {
    const started = Date.now();
    const reporter = new ScanReporter(payload, this.progress);
    // One job per key: a row still `running` belongs to an attempt whose worker died (its lock expired).
    for (const worker of await this.runs.abandonRunning(payload.key)) {
      this.logger.warn(`scan ${payload.key} stalled on worker ${worker}; taken over`);
    }
    const runId = await this.runs.start(payload, attempt);
    this.running.add(runId);
    const counts = () => ({
      tokensFound: reporter.current.tokensFound,
      metadataFetched: reporter.current.metadataFetched,
      durationMs: Date.now() - started,
    });
    let outcome: ScanOutcomeSummary;
    try {
      await reporter.stage('initializing');
      outcome = await work(reporter, started);
      await reporter.stage('complete');
      await this.progress.complete({ key: payload.key, ...outcome });
    } catch (error) {
      // A job handed back at shutdown is another worker's now: its failure here is not the scan's.
      if (this.handedBack) throw error;
      const message = redactSecrets(error instanceof Error ? error.message : String(error));
      await this.log(runId, payload, { status: 'failed', ...counts(), error: message });
      throw error;
    } finally {
      this.running.delete(runId);
    }
    await this.log(runId, payload, { status: 'complete', ...counts() });
    return outcome;
  }

  /** Writes the run's last state, retried past a short outage; never fails the scan. */
  private async log(
    runId: string,
    payload: ScanJobPayload,
    outcome: Parameters<ScanRunRepository['finish']>[1],
  ): Promise<void> {
    try {
      await withRetry(() => this.runs.finish(runId, outcome), {
        ...this.logWriteRetry,
        retryable: () => true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(
        `scan ${payload.key}: run log row ${runId} not updated to ${outcome.status}: ${reason}`,
      );
    }
  }

  /**
   * The worker is stopping and has handed its running jobs back to the queue: their runs end in the
   * log as abandoned, and whatever their unfinished work reports from now on is not published.
   */
  async handBack(): Promise<void> {
    this.handedBack = true;
    const ids = [...this.running];
    this.running.clear();
    await Promise.all(ids.map((id) => this.runs.abandon(id, HANDED_BACK)));
  }

  /**
   * What a scan kind leaves settled when its scan is given up (e.g. a first collection scan's stored
   * NFTs, answered as an incomplete scan): run before visitors are told of the failure.
   */
  whenGivenUp(kind: ScanKind, settle: (payload: ScanJobPayload) => Promise<unknown>): void {
    this.settlers.set(kind, settle);
  }

  /** Reports the failure of a scan that will not be retried. */
  async fail(payload: ScanJobPayload, message: string): Promise<void> {
    if (this.handedBack) return;
    try {
      await this.settlers.get(payload.kind)?.(payload);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`scan ${payload.key}: what it stored is left as it was: ${reason}`);
    }
    await new ScanReporter(payload, this.progress).error(message);
    await this.progress.fail({ key: payload.key, error: message });
  }
}

/** The steps of one scan kind, run inside the execution every kind shares (`run`). */
export abstract class ScanJobService {
  protected constructor(protected readonly execution: ScanExecution) {}

  /** Runs a job's attempt: run log, stages from initializing to complete, outcome. */
  run(payload: ScanJobPayload, attempt = 1): Promise<ScanOutcomeSummary> {
    return this.execution.execute(payload, attempt, (reporter, started) =>
      this.scan(payload, reporter, started),
    );
  }

  protected abstract scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary>;
}
