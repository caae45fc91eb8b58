import { JOBS, QUEUE_NAMES } from './job.registry.js';
import { MemoryQueue, MemoryQueueStore, memoryQueues } from './memory-queue.js';
import { lockSettings } from './queues.module.js';
import type { QueueDrivers } from './scan-queue.repository.js';
import { queueScenarios, SCENARIO_LOCK_MS } from './testing/queue-scenarios.js';

/** The queue scenarios on the in-memory driver, in fake time: the same table Bull passes. */
queueScenarios('the scan queues in memory', async () => {
  jest.useFakeTimers();
  const store = new MemoryQueueStore();
  const opened: Array<MemoryQueue<unknown>> = [];
  return {
    process() {
      const queues = memoryQueues(store, QUEUE_NAMES, (name) => ({
        defaultJobOptions: JOBS[name].options,
        settings: lockSettings(SCENARIO_LOCK_MS, JOBS[name].lock.maxStalledCount),
      }));
      opened.push(...Object.values<MemoryQueue<unknown>>(queues));
      return queues as unknown as QueueDrivers;
    },
    pass: async (ms) => void (await jest.advanceTimersByTimeAsync(ms)),
    async close() {
      await Promise.all(opened.map((queue) => queue.close()));
      jest.useRealTimers();
    },
  };
});
