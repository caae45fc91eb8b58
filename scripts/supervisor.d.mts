import type { ChildProcess } from 'node:child_process';

export interface Backoff {
  initialMs: number;
  maxMs: number;
  stableMs: number;
}
export const DEFAULT_BACKOFF: Backoff;

export class Supervisor {
  constructor(
    name: string,
    args: string[],
    options?: {
      env?: Record<string, string>;
      readyLine?: string;
      backoff?: Partial<Backoff>;
      say?: (message: string) => void;
    },
  );
  readonly name: string;
  readonly restarts: number;
  readonly running: boolean;
  child: ChildProcess | null;
  start(): Promise<ChildProcess>;
  stopRestarting(): void;
  stop(graceMs?: number): Promise<void>;
}
