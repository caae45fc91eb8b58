import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EVM_ADDRESS_PATTERN, isEvmAddress } from './addresses.js';

const ROOT = resolve(process.cwd());
/** Where the API, the workers and the web app keep their sources. */
const SOURCES = ['contract/src', 'backend/src', 'workers/src', 'frontend/src'];

/** Source files (tests left out: they may spell the pattern they check). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('EVM_ADDRESS_PATTERN', () => {
  it('is 0x and 40 hex digits of any case (SPEC §5)', () => {
    expect(isEvmAddress('0x' + 'aB'.repeat(20))).toBe(true);
    expect(isEvmAddress('0x' + 'ab'.repeat(19))).toBe(false);
    expect(isEvmAddress('0X' + 'ab'.repeat(20))).toBe(false);
    expect(isEvmAddress('0x' + 'ag'.repeat(20))).toBe(false);
  });

  it('is written once, here: validators and the OpenAPI document import it', () => {
    const written = SOURCES.flatMap((dir) => {
      let files: string[];
      try {
        files = sources(resolve(ROOT, dir));
      } catch {
        return [];
      }
      return files.filter((file) => readFileSync(file, 'utf8').includes('0x[0-9a-fA-F]{40}'));
    }).map((file) => relative(ROOT, file));
    expect(written).toEqual(['contract/src/addresses.ts']);
    expect(EVM_ADDRESS_PATTERN.source).toBe('^0x[0-9a-fA-F]{40}$');
  });
});
