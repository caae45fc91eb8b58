import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TEST_STATE_DIR } from '../../support/test-env.js';

/** Where the fault suite writes what it measured (one JSON line per figure), for docs/RELIABILITY.md. */
export const FIGURES_FILE = resolve(TEST_STATE_DIR, 'fault-figures.jsonl');

/** Prints a measured figure and appends it to FIGURES_FILE. */
export function recordFigure(scenario: string, figures: Record<string, number | string>): void {
  const line = { scenario, at: new Date().toISOString(), ...figures };
  console.log(`[faults] ${scenario}: ${JSON.stringify(figures)}`);
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify(line)}\n`);
}
