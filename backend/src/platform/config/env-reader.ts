import { parseCountPerSeconds } from './rate-limit-rules.js';

/** A count within a window, as `<count>/<seconds>` settings give it. */
export interface CountPerSeconds {
  count: number;
  seconds: number;
}

/**
 * The environment as the section parsers read it: each helper returns its fallback for an unset
 * variable and, for a bad one, adds a problem naming it and returns the fallback too, so that every
 * bad variable is listed at once.
 */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(readonly env: NodeJS.ProcessEnv) {}

  problem(text: string): void {
    this.problems.push(text);
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problem(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, fallback: string | null, protocols: string[]): string | null {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problem(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
      }
      return raw;
    } catch {
      this.problem(`${name} is not a valid URL (got "${raw}")`);
      return fallback;
    }
  }

  countPerSeconds(
    name: string,
    fallback: CountPerSeconds,
    limits: { maxCount: number; maxSeconds: number },
  ): CountPerSeconds {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = parseCountPerSeconds(raw, limits);
    if (parsed === null) {
      this.problem(
        `${name} must be <count>/<seconds> with a count from 1 to ${limits.maxCount} and seconds from 1 to ${limits.maxSeconds}, e.g. 120/60 (got "${raw}")`,
      );
      return fallback;
    }
    return parsed;
  }

  /** A comma-separated list, entries trimmed, empty ones dropped. */
  list(name: string): string[] {
    return (this.env[name] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  }
}
