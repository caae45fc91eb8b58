import type { JobInformation, JobOptions } from 'bull';
import { createHash } from 'node:crypto';

/**
 * Bull's own formulas and formats, ported for the in-memory driver (`memory-queue.ts`): where the
 * driver must answer as Bull does, down to Bull's quirks (a repeatable key read back by splitting
 * at colons), since Nexus reads those answers.
 */

/** Bull's reason for a job whose workers kept dying under it (its stalled-job check). */
export const STALLED_OUT_REASON = 'job stalled more than allowable limit';
/** Bull's default job name, part of a repeatable job's key. */
const DEFAULT_NAME = '__default__';

/** Bull's backoff strategies (lib/backoffs.js): `exponential` waits delay × (2^attempts − 1). */
export function backoffMs(backoff: JobOptions['backoff'], attemptsMade: number): number {
  if (backoff === undefined) return 0;
  if (typeof backoff === 'number') return backoff;
  const delay = backoff.delay ?? 0;
  if (backoff.type === 'fixed') return delay;
  if (backoff.type === 'exponential') return Math.round((2 ** attemptsMade - 1) * delay);
  throw new Error(`Unknown backoff strategy ${backoff.type}`);
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Bull's key of a repeatable job (lib/repeatable.js getRepeatKey), `every` schedules only. */
export function repeatKey(jobId: string | undefined, every: number): string {
  return `${DEFAULT_NAME}:${jobId ? `${jobId}:` : ':'}:${every}`;
}

/** Bull's reading of a repeatable key (lib/repeatable.js _keyToData): its fields split at colons. */
export function repeatInfo(key: string, next: number): JobInformation {
  const [name = '', id, endDate, tz, cron] = key.split(':');
  // Bull answers null where its declarations say undefined.
  return {
    key,
    name,
    id: id || null,
    endDate: Number.parseInt(endDate ?? '') || null,
    tz: cron ? tz || null : null,
    cron: cron || null,
    every: !cron ? Number.parseInt(tz ?? '') : null,
    next,
  } as unknown as JobInformation;
}

/** Bull's id of one run of a repeatable job (lib/repeatable.js getRepeatJobId). */
export function repeatJobId(idPart: string, key: string, millis: number | ''): string {
  return `repeat:${md5(DEFAULT_NAME + idPart + md5(key))}:${millis}`;
}
