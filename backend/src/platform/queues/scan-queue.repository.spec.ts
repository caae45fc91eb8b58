import Bull from 'bull';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { JOBS, lockSettings, QUEUE_NAMES } from './job.registry.js';
import type { QueueDrivers } from './queue-driver.js';
import { queueScenarios, SCENARIO_LOCK_MS } from './testing/queue-scenarios.js';

/** The queue scenarios on Bull and Redis: what the in-memory driver is held to. */
queueScenarios('the scan queues on Bull and Redis', async () => {
  const prefix = `${testPrefix('queue')}:bull`;
  const opened: Bull.Queue[] = [];
  return {
    process() {
      const queues = QUEUE_NAMES.map((name) => {
        const queue = new Bull(name, {
          redis: TEST_REDIS_URL,
          prefix,
          defaultJobOptions: JOBS[name].options,
          settings: lockSettings(SCENARIO_LOCK_MS, JOBS[name].lock.maxStalledCount),
        });
        opened.push(queue);
        return [name, queue];
      });
      return Object.fromEntries(queues) as QueueDrivers;
    },
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    async close() {
      // The last process is never one a scenario closed.
      await Promise.all(opened.slice(-QUEUE_NAMES.length).map((queue) => queue.obliterate({ force: true })));
      await Promise.all(opened.map((queue) => queue.close(true).catch(() => undefined)));
    },
  };
});
