import { MemoryQueue, memoryQueues } from './memory-queue.js';
import { MemoryQueueStore } from './memory-store.js';
import { queueScenarios, SCENARIO_LOCK_MS } from './testing/queue-scenarios.js';

/** The queue scenarios on the in-memory driver, in fake time: the same table Bull passes. */
queueScenarios('the scan queues in memory', async () => {
  jest.useFakeTimers();
  const store = new MemoryQueueStore();
  const opened: Array<MemoryQueue<unknown>> = [];
  return {
    process() {
      const queues = memoryQueues(store, SCENARIO_LOCK_MS);
      opened.push(...(Object.values(queues) as Array<MemoryQueue<unknown>>));
      return queues;
    },
    pass: async (ms) => void (await jest.advanceTimersByTimeAsync(ms)),
    async close() {
      await Promise.all(opened.map((queue) => queue.close()));
      jest.useRealTimers();
    },
  };
});
