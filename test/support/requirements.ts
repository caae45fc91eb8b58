import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hasTestChain, TEST_MANIFEST, TEST_ROOT } from './test-env.js';

/** Something a suite needs from the machine, and how to get it. */
export interface Requirement {
  what: string;
  present(): boolean;
  hint: string;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Shared datasets (never copied into the repository): `<repo root>/../shared/datasets`. */
export const DATASETS_DIR =
  process.env.NEXUS_DATASETS_DIR ?? join(resolve(TEST_ROOT), '..', 'shared', 'datasets');

export const TEST_CHAIN: Requirement = {
  what: 'the test dev chains',
  present: hasTestChain,
  hint: `no manifest at ${TEST_MANIFEST}; the global setup starts them unless NEXUS_TEST_CHAIN=off (build first: tsc -b)`,
};

export const CHROMIUM: Requirement = {
  what: 'Chromium',
  present: () => existsSync(CHROMIUM_PATH),
  hint: `nothing at ${CHROMIUM_PATH}; apt-get install chromium, or set CHROMIUM_PATH`,
};

export const DATASETS: Requirement = {
  what: 'the shared datasets',
  present: () => existsSync(DATASETS_DIR),
  hint: `no folder at ${DATASETS_DIR}; set NEXUS_DATASETS_DIR`,
};

/** CI sets CI=true: there, a suite that cannot run has failed. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true' || env.CI === '1';
}

type Suite = (name: string, body: () => void) => void;

/**
 * `describe` when the machine has what the suite needs. Otherwise the suite still appears: in CI it
 * fails, saying what is missing; on a developer's machine it is skipped, and the reason is printed
 * and is the skipped test's name.
 */
export function describeWith(
  requirements: readonly Requirement[],
  env: NodeJS.ProcessEnv = process.env,
): Suite {
  const missing = requirements.filter((r) => !r.present());
  if (missing.length === 0) return describe;
  const reason = missing.map((r) => `${r.what} missing (${r.hint})`).join('; ');
  if (inCi(env)) {
    return (name) =>
      describe(name, () => {
        it('has what it needs to run', () => {
          throw new Error(`cannot run in CI: ${reason}`);
        });
      });
  }
  return (name) => {
    console.warn(`[nexus] skipped "${name}": ${reason}`);
    describe(name, () => {
      it.skip(`needs ${reason}`, () => undefined);
    });
  };
}
