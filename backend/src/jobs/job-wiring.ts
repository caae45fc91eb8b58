import type { QueueName } from '@nexus/contract';

export interface FoundProcessor {
  queue: QueueName;
  /** Class name, for the message. */
  name: string;
}

/** A worker that would leave a queue without a processor, or run one queue's jobs twice. */
export class JobWiringError extends Error {
  constructor(readonly problems: string[]) {
    super(`The worker cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JobWiringError';
  }
}

/**
 * Pairs every queue of the registry with its one processor (STYLE habit 2: refuse to start on a
 * wiring mistake, saying what to add), or throws with every problem found.
 */
export function wireProcessors<P extends FoundProcessor>(
  queues: readonly QueueName[],
  found: readonly P[],
): Map<QueueName, P> {
  const problems: string[] = [];
  const wired = new Map<QueueName, P>();
  for (const queue of queues) {
    const mine = found.filter((p) => p.queue === queue);
    if (mine.length === 0) {
      problems.push(
        `queue "${queue}" has no processor: add a provider class with @Processes('${queue}') and a process(job) method to JobsModule`,
      );
    } else if (mine.length > 1) {
      problems.push(
        `queue "${queue}" has ${mine.length} processors (${mine.map((p) => p.name).join(', ')}): keep exactly one`,
      );
    } else {
      wired.set(queue, mine[0]!);
    }
  }
  for (const stray of found.filter((p) => !queues.includes(p.queue))) {
    problems.push(`${stray.name} processes "${stray.queue}", which is not in the job registry (JOBS)`);
  }
  if (problems.length > 0) throw new JobWiringError(problems);
  return wired;
}
