import type { JobPayloads, QueueName } from '@nexus/contract';
import type { Job } from 'bull';

/** A queue's processor: translates a job into a call of the service that does the work. */
export interface JobProcessor<Q extends QueueName = QueueName> {
  process(job: Job<JobPayloads[Q]>): Promise<unknown>;
  /** After Bull has marked a job complete, so its key is free for a new job. */
  completed?(job: Job<JobPayloads[Q]>): Promise<void>;
}

const PROCESSES = Symbol('nexus:processes-queue');

/**
 * Marks a provider as the processor of a queue. The worker registers it from the job registry at
 * the configured concurrency, and refuses to start unless every queue has exactly one.
 */
export function Processes<Q extends QueueName>(queue: Q) {
  return (target: abstract new (...args: never[]) => JobProcessor<Q>): void => {
    Reflect.defineMetadata(PROCESSES, queue, target);
  };
}

/** The queue a provider class processes, if it is a processor. */
export function processedQueue(target: unknown): QueueName | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(PROCESSES, target) as QueueName | undefined;
}
