import type { Type } from '@nestjs/common';
import type { QueueName } from '@nexus/contract';
import type { AnyJobHandler } from './job-handlers.js';

/** A worker that would leave a queue without a handler, or a handler without what it needs. */
export class JobWiringError extends Error {
  constructor(readonly problems: string[]) {
    super(`The worker cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JobWiringError';
  }
}

/**
 * Pairs every queue of the registry with its handler and the handler's service, checking that the
 * worker provides the service and everything the handler needs (STYLE habit 2: refuse to start on
 * a wiring mistake, saying what to add), or throws with every problem found. `provided` answers
 * the worker's instance of a provider class, or null.
 */
export function wireHandlers(
  queues: readonly QueueName[],
  handlers: Partial<Record<QueueName, AnyJobHandler>>,
  provided: (type: Type<unknown>) => unknown,
): Map<QueueName, { handler: AnyJobHandler; service: unknown }> {
  const problems: string[] = [];
  const wired = new Map<QueueName, { handler: AnyJobHandler; service: unknown }>();
  for (const queue of queues) {
    const handler = handlers[queue];
    if (!handler) {
      problems.push(
        `queue "${queue}" has no handler: add one to JOB_HANDLERS (backend/src/jobs/job-handlers.ts)`,
      );
      continue;
    }
    const missing = [handler.service, ...(handler.needs ?? [])].filter((type) => provided(type) === null);
    for (const type of missing)
      problems.push(
        `the handler of queue "${queue}" needs ${type.name}, which the worker does not provide: add it to JobsModule`,
      );
    if (missing.length === 0) wired.set(queue, { handler, service: provided(handler.service) });
  }
  for (const stray of Object.keys(handlers) as QueueName[])
    if (!queues.includes(stray))
      problems.push(`JOB_HANDLERS has a handler for "${stray}", which is not in the job registry (JOBS)`);
  if (problems.length > 0) throw new JobWiringError(problems);
  return wired;
}
