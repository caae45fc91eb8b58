import { STAGE_PERCENT, type ScanJobPayload, type ScanProgress, type ScanStage } from '@nexus/contract';
import type { ScanProgressRepository } from '../platform/realtime/index.js';

/** Count updates closer together than this are merged (stage changes always go out at once). */
const COUNT_THROTTLE_MS = 50;

/** Turns a running scan's steps into progress events (STYLE habit 6: progress is a domain object). */
export class ScanReporter {
  private state: ScanProgress;
  private lastSent = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    payload: ScanJobPayload,
    private readonly repository: ScanProgressRepository,
    private readonly now: () => number = Date.now,
  ) {
    const at = new Date(this.now()).toISOString();
    this.state = {
      key: payload.key,
      kind: payload.kind,
      network: payload.network,
      address: payload.address,
      stage: 'initializing',
      percent: STAGE_PERCENT.initializing,
      tokensFound: 0,
      metadataFetched: 0,
      tokensTotal: null,
      startedAt: at,
      updatedAt: at,
      emittedAt: this.now(),
      error: null,
    };
  }

  get current(): ScanProgress {
    return this.state;
  }

  async stage(stage: Exclude<ScanStage, 'error'>, counts: Partial<ScanProgress> = {}): Promise<void> {
    this.state = { ...this.state, ...counts, stage, percent: STAGE_PERCENT[stage] };
    await this.flush();
  }

  /** Updates counts; sent at most every COUNT_THROTTLE_MS. */
  counts(counts: Pick<Partial<ScanProgress>, 'tokensFound' | 'metadataFetched' | 'tokensTotal'>): void {
    this.state = { ...this.state, ...counts };
    if (this.pending) return;
    const wait = Math.max(0, this.lastSent + COUNT_THROTTLE_MS - this.now());
    this.pending = setTimeout(() => {
      this.pending = null;
      void this.flush();
    }, wait);
  }

  async error(message: string): Promise<void> {
    this.state = { ...this.state, stage: 'error', error: message };
    await this.flush();
  }

  private flush(): Promise<void> {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = null;
    }
    const at = this.now();
    this.lastSent = at;
    const event: ScanProgress = {
      ...this.state,
      percent: Math.min(100, Math.max(0, this.state.percent)),
      updatedAt: new Date(at).toISOString(),
      emittedAt: at,
    };
    // Events leave in order even when a count update and a stage change overlap.
    this.chain = this.chain.then(() => this.repository.publish(event)).catch(() => undefined);
    return this.chain;
  }
}
