import { Logger } from '@nestjs/common';
import type { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';
import type { ScanRunRepository } from './scan-run.repository.js';
import { FakeProgress, FakeRunLog, scanPayload } from './testing/fake-state.js';

const OUTCOME: ScanOutcomeSummary = { totalNfts: 3, totalCollections: 1, scanDuration: 5, isComplete: true };

describe(ScanExecution.name, () => {
  let progress: FakeProgress;
  let runs: FakeRunLog;
  let sut: ScanExecution;
  const payload = scanPayload('collection', '0x' + 'cd'.repeat(20));

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    progress = new FakeProgress();
    runs = new FakeRunLog();
    sut = new ScanExecution(
      progress as unknown as ScanProgressRepository,
      runs as unknown as ScanRunRepository,
    );
    // The same retries as in production, with pauses of a millisecond.
    sut.logWriteRetry = { ...sut.logWriteRetry, baseDelayMs: 1, maxDelayMs: 1 };
  });

  it('reports a scan whose results were saved as complete although its log row cannot be written', async () => {
    runs.finishFailures.push(...Array.from({ length: 20 }, () => new Error('connect ECONNREFUSED')));

    await expect(sut.execute(payload, 1, async () => OUTCOME)).resolves.toEqual(OUTCOME);

    expect(progress.completed.map((e) => e.key)).toEqual([payload.key]);
    expect(progress.failed).toEqual([]);
    expect(runs.runs[0]!.outcome).toBeNull();
  });

  it('retries the log row past a short outage', async () => {
    runs.finishFailures.push(new Error('connect ECONNREFUSED'), new Error('connect ECONNREFUSED'));

    await sut.execute(payload, 1, async () => OUTCOME);

    expect(runs.runs[0]!.outcome).toMatchObject({ status: 'complete' });
  });

  it("keeps the work's own failure when the log row cannot be written either", async () => {
    runs.finishFailures.push(...Array.from({ length: 20 }, () => new Error('connect ECONNREFUSED')));

    await expect(
      sut.execute(payload, 1, async () => {
        throw new Error('execution reverted');
      }),
    ).rejects.toThrow('execution reverted');
  });

  it('closes the row of an attempt whose worker died before the next attempt starts', async () => {
    await runs.start(payload, 1);

    await sut.execute(payload, 1, async () => OUTCOME);

    expect(runs.runs.map((r) => [r.abandoned ?? false, r.outcome?.status ?? null])).toEqual([
      [true, null],
      [false, 'complete'],
    ]);
  });

  it('settles what the scan kind left before telling visitors of a given-up scan, for that kind only', async () => {
    const settled: string[] = [];
    sut.whenGivenUp('collection', async (given) => {
      // Visitors are told after: nothing failed yet.
      settled.push(`${given.key} (failed events so far: ${progress.failed.length})`);
    });
    await sut.fail(payload, 'Network temporarily unavailable');
    await sut.fail(scanPayload('wallet', '0x' + 'ef'.repeat(20)), 'Network temporarily unavailable');

    expect(settled).toEqual([`${payload.key} (failed events so far: 0)`]);
    expect(progress.failed).toHaveLength(2);
  });

  it('tells visitors of the failure even when settling fails', async () => {
    sut.whenGivenUp('collection', () => Promise.reject(new Error('connection terminated')));
    await sut.fail(payload, 'Network temporarily unavailable');
    expect(progress.failed).toEqual([{ key: payload.key, error: 'Network temporarily unavailable' }]);
  });
});
