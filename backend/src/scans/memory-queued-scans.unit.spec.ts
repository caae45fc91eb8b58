import { MemoryQueuedScans } from './testing/memory-queued-scans.js';
import { queuedScansScenarios } from './testing/queued-scans-scenarios.js';

queuedScansScenarios('the admission ledger in memory', async () => ({
  ledger: new MemoryQueuedScans(),
  close: async () => undefined,
}));
