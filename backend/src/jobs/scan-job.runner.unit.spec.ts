import { jest } from '@jest/globals';
import { SCAN_ERRORS, type ScanJobPayload } from '@nexus/contract';
import type { QueueJob } from '../platform/queues/index.js';
import { PermanentScanError, type ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';
import { scanPayload } from './testing/fake-state.js';

type FakeJob = Pick<QueueJob<ScanJobPayload>, 'data' | 'attemptsMade' | 'opts' | 'discard'>;

const OUTCOME: ScanOutcomeSummary = { totalNfts: 3, totalCollections: 1, scanDuration: 5, isComplete: true };

describe(runScanJob.name, () => {
  const logger = { warn: jest.fn(), error: jest.fn() };
  let failed: Array<[string, string]>;
  let execution: ScanExecution;
  let discarded: number;

  beforeEach(() => {
    failed = [];
    discarded = 0;
    logger.warn.mockReset();
    logger.error.mockReset();
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

    expect(failed).toEqual([[last.data.key, 'Network temporarily unavailable']]);
    expect(discarded).toBe(0);
  });

  it("tells visitors a fixed message and logs the node's error with its key redacted", async () => {
    const last = job(2);
    const viem = new Error(
      'HTTP request failed.\n\nStatus: 500\nURL: https://polygon-mainnet.g.alchemy.com/v2/aB3dE5fG7hI9jK1lM3nO5pQ7\nRequest body: {"method":"eth_getLogs"}\n\nVersion: viem@2.57.20',
    );

    await expect(runScanJob(last, execution, () => Promise.reject(viem), logger)).rejects.toBe(viem);

    expect(failed).toEqual([[last.data.key, 'Network temporarily unavailable']]);
    const logged = String(logger.error.mock.calls[0]![0]);
    expect(logged).toContain('https://polygon-mainnet.g.alchemy.com/v2/[redacted]');
    expect(logged).toContain('eth_getLogs');
    expect(logged).not.toContain('aB3dE5fG7hI9jK1lM3nO5pQ7');
  });

  it('keeps the SPEC message of a scan that found nothing', async () => {
    const current = job(0);
    await expect(
      runScanJob(current, execution, () => Promise.reject(new PermanentScanError(SCAN_ERRORS.empty)), logger),
    ).rejects.toThrow();

    expect(failed).toEqual([[current.data.key, 'No NFTs found in this collection']]);
  });
});
