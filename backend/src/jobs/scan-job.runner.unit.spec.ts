import { jest } from '@jest/globals';
import type { ScanJobPayload } from '@nexus/contract';
import type { Job } from 'bull';
import { PermanentScanError, type ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';
import { scanPayload } from './testing/fake-state.js';

type FakeJob = Pick<Job<ScanJobPayload>, 'data' | 'attemptsMade' | 'opts' | 'discard'>;

const OUTCOME: ScanOutcomeSummary = { totalNfts: 3, totalCollections: 1, scanDuration: 5, isComplete: true };

describe(runScanJob.name, () => {
  const logger = { warn: jest.fn() };
  let failed: Array<[string, string]>;
  let execution: ScanExecution;
  let discarded: number;

  beforeEach(() => {
    failed = [];
    discarded = 0;
    logger.warn.mockReset();
    execution = {
      fail: async (payload: ScanJobPayload, message: string) => void failed.push([payload.key, message]),
    } as unknown as ScanExecution;
  });

  const job = (attemptsMade: number, attempts = 3): FakeJob => ({
    data: scanPayload('collection', '0x' + 'ab'.repeat(20)),
    attemptsMade,
    opts: { attempts },
    discard: async () => void discarded++,
  });

  it('runs the work with the attempt number and answers its outcome', async () => {
    const attempts: number[] = [];
    const sut = runScanJob(
      job(1),
      execution,
      async (_, attempt) => {
        attempts.push(attempt);
        return OUTCOME;
      },
      logger,
    );

    await expect(sut).resolves.toBe(OUTCOME);
    expect(attempts).toEqual([2]);
    expect(failed).toEqual([]);
  });

  it('reports a permanent failure at once and tells Bull not to retry', async () => {
    const current = job(0);
    await expect(
      runScanJob(
        current,
        execution,
        () => Promise.reject(new PermanentScanError('Collection Not Found')),
        logger,
      ),
    ).rejects.toThrow('Collection Not Found');

    expect(discarded).toBe(1);
    expect(failed).toEqual([[current.data.key, 'Collection Not Found']]);
  });

  it('leaves a transient failure to be retried, unreported, while attempts remain', async () => {
    await expect(
      runScanJob(job(1), execution, () => Promise.reject(new Error('node timed out')), logger),
    ).rejects.toThrow('node timed out');

    expect(failed).toEqual([]);
    expect(discarded).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('attempt 2 failed, retrying: node timed out'),
    );
  });

  it('reports a transient failure on the last attempt', async () => {
    const last = job(2);
    await expect(
      runScanJob(last, execution, () => Promise.reject(new Error('node timed out')), logger),
    ).rejects.toThrow();

    expect(failed).toEqual([[last.data.key, 'node timed out']]);
    expect(discarded).toBe(0);
  });
});
