import { ESLint, type Linter } from 'eslint';
import { resolve } from 'node:path';
import { TEST_ROOT } from './test-env.js';

/** Lints source text as if it stood at a path of the repository; answers its errors. */
export interface VirtualLint {
  (path: string, code: string): Promise<Linter.LintMessage[]>;
  /** Lints a file of the repository as it is on disk; answers every message. */
  file(path: string): Promise<Linter.LintMessage[]>;
}

/**
 * ESLint with the repository's config (eslint.config.js), for lint rule tests. The files are
 * virtual: ignored paths are linted too, and type-aware rules are off, since no tsconfig lists
 * these files (the rules under test need no types).
 */
export function virtualLint(): VirtualLint {
  const eslint = (rules: Linter.RulesRecord) =>
    new ESLint({
      cwd: TEST_ROOT,
      ignore: false,
      overrideConfig: [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parserOptions: { project: null } },
          rules: { '@typescript-eslint/no-floating-promises': 'off', ...rules },
        },
      ],
    });
  // Text is linted without the cycle rule, which would parse the whole import graph behind each
  // import (most of these tests' time); files on disk, as the cycle fixtures, with every rule.
  const texts = eslint({ 'import-x/no-cycle': 'off' });
  let files: ESLint | undefined;
  const lint = async (path: string, code: string) => {
    const [result] = await texts.lintText(code, { filePath: resolve(TEST_ROOT, path) });
    return result!.messages.filter((m) => m.severity === 2);
  };
  const file = async (path: string) =>
    (await (files ??= eslint({})).lintFiles([resolve(TEST_ROOT, path)]))[0]!.messages;
  return Object.assign(lint, { file });
}
