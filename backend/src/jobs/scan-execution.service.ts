import { Injectable } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import { redactSecrets } from '../logging/redact.js';
import { ScanProgressRepository } from '../realtime/index.js';
import { ScanReporter } from './scan-reporter.js';
import { ScanRunRepository } from './scan-run.repository.js';

export interface ScanOutcomeSummary {
  totalNfts: number;
  totalCollections: number;
  scanDuration: number;
  isComplete: boolean;
}

/** The run log's reason for a run whose worker stopped and handed its job to another. */
export const HANDED_BACK = 'worker stopped; job handed back to the queue';

/** A failure that retrying will not fix (no contract, not an NFT contract, empty collection). */
export class PermanentScanError extends Error {}

/**
 * What every scan kind shares: the run log row, the progress reporter, and the completed or failed
 * event once the work is done.
 */
@Injectable()
export class ScanExecution {
  /** Runs in progress in this process, by run log id. */
  private readonly running = new Set<string>();
  private handedBack = false;

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
    const runId = await this.runs.start(payload, attempt);
    this.running.add(runId);
    const counts = () => ({
      tokensFound: reporter.current.tokensFound,
      metadataFetched: reporter.current.metadataFetched,
      durationMs: Date.now() - started,
    });
    try {
      await reporter.stage('initializing');
      const outcome = await work(reporter, started);
      await reporter.stage('complete');
      await this.progress.complete({ key: payload.key, ...outcome });
      await this.runs.finish(runId, { status: 'complete', ...counts() });
      return outcome;
    } catch (error) {
      // A job handed back at shutdown is another worker's now: its failure here is not the scan's.
      if (this.handedBack) throw error;
      const message = redactSecrets(error instanceof Error ? error.message : String(error));
      await this.runs.finish(runId, { status: 'failed', ...counts(), error: message });
      throw error;
    } finally {
      this.running.delete(runId);
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

  /** Reports the failure of a scan that will not be retried. */
  async fail(payload: ScanJobPayload, message: string): Promise<void> {
    if (this.handedBack) return;
    await new ScanReporter(payload, this.progress).error(message);
    await this.progress.fail({ key: payload.key, error: message });
  }
}

/** The steps of one scan kind, run inside the execution every kind shares (`run`). */
export abstract class ScanJobService {
  protected constructor(private readonly execution: ScanExecution) {}

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
