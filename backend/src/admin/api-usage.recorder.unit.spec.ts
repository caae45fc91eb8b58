import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiUsageRecorder } from './api-usage.recorder.js';
import type { ApiUsageBatch, ApiUsageRepository } from './api-usage.repository.js';

function recorder(): { usage: ApiUsageRecorder; batches: ApiUsageBatch[] } {
  const batches: ApiUsageBatch[] = [];
  const repository = { add: (batch: ApiUsageBatch) => Promise.resolve(void batches.push(batch)) };
  return { usage: new ApiUsageRecorder(repository as unknown as ApiUsageRepository), batches };
}

describe('ApiUsageRecorder', () => {
  it('counts every request and, per network, each UTC day apart', async () => {
    const { usage, batches } = recorder();
    const lastMsOfDay = Date.UTC(2026, 10, 22, 23, 59, 59, 999);
    usage.record('ethereum', lastMsOfDay);
    usage.record('ethereum', lastMsOfDay + 1);
    usage.record('polygon', lastMsOfDay + 1);
    usage.record(null, lastMsOfDay + 2);
    // A clock going back (another day counted before) still lands on its own day.
    usage.record('ethereum', lastMsOfDay - 1);
    await usage.flush();

    expect(batches).toHaveLength(1);
    expect(batches[0]!.requests).toBe(5);
    expect(batches[0]!.calls).toEqual(
      expect.arrayContaining([
        { network: 'ethereum', day: '2026-11-22', count: 2 },
        { network: 'ethereum', day: '2026-11-23', count: 1 },
        { network: 'polygon', day: '2026-11-23', count: 1 },
      ]),
    );
    expect(batches[0]!.calls).toHaveLength(3);
    expect(batches[0]!.lastCall).toEqual({ ethereum: lastMsOfDay - 1, polygon: lastMsOfDay + 1 });
  });

  it('keeps the counts of a failed write for the next one', async () => {
    const batches: ApiUsageBatch[] = [];
    let fail = true;
    const repository = {
      add: (batch: ApiUsageBatch) => {
        if (fail) return Promise.reject(new Error('redis down'));
        batches.push(batch);
        return Promise.resolve();
      },
    };
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const usage = new ApiUsageRecorder(repository as unknown as ApiUsageRepository);
    const now = Date.UTC(2026, 10, 23, 12);
    usage.record('cronos', now);
    await usage.flush();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('redis down'));
    warn.mockRestore();
    fail = false;
    usage.record('cronos', now + 1);
    await usage.flush();
    expect(batches).toEqual([
      {
        requests: 2,
        calls: [{ network: 'cronos', day: '2026-11-23', count: 2 }],
        lastCall: { cronos: now + 1 },
      },
    ]);
  });
});
