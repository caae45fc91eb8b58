export { QueuesModule } from './queues.module.js';
export { ScanQueueRepository, type EnqueueResult } from './scan-queue.repository.js';
export { JOBS, QUEUE_NAMES, jobOfKind, lockSettings, type JobDefinition } from './job.registry.js';
export { rarityJobPayload } from './rarity-job.payload.js';
export type { QueueDriver, QueueDrivers, QueueJob } from './queue-driver.js';
export { STALLED_OUT_REASON } from './bull-formulas.js';
export { MemoryQueue, memoryQueues } from './memory-queue.js';
export { MemoryQueueStore } from './memory-store.js';
