import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { TEST_ROOT } from '../support/test-env.js';

/** Where the rule holds, from the repository's root. */
const CHECKED = ['backend', 'workers', 'contract', 'deploy', 'test', 'frontend/src'];
/** Folders never read: installed, built or generated code. */
const SKIPPED = new Set(['node_modules', 'dist', 'migrations']);
const SOURCE = /\.(ts|tsx|mjs)$/;
const MAX_LINES = 400;
/** What a longer file says near its top, with the reason it stays whole. */
const REASON = 'Over 400 lines';

function lineCount(text: string): number {
  if (!text) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function* sourceFiles(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(path);
    } else if (entry.isFile() && SOURCE.test(entry.name)) {
      yield path;
    }
  }
}

/** The source files under `root`'s checked folders over 400 lines that do not say why, with their lengths. */
function overLong(root: string): string[] {
  const found: string[] = [];
  for (const folder of CHECKED) {
    for (const path of sourceFiles(join(root, folder))) {
      const text = readFileSync(path, 'utf8');
      const lines = lineCount(text);
      if (lines > MAX_LINES && !text.includes(REASON)) found.push(`${relative(root, path)} (${lines} lines)`);
    }
  }
  return found.sort();
}

describe('source file length', () => {
  let fixture: string;
  const write = (path: string, lines: number, extra = '') => {
    const file = join(fixture, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      extra + Array.from({ length: lines }, (_, i) => `export const a${i} = ${i};\n`).join(''),
    );
  };

  beforeEach(() => {
    fixture = mkdtempSync(join(tmpdir(), 'nexus-file-length-'));
  });

  afterEach(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  it('names a file over 400 lines that does not say why, and no file of 400', () => {
    write('backend/src/long.service.ts', 401);
    write('frontend/src/long-view.tsx', 450);
    write('test/e2e/long.test.ts', 500);
    write('backend/src/exactly.ts', 400);
    expect(overLong(fixture)).toEqual([
      'backend/src/long.service.ts (401 lines)',
      'frontend/src/long-view.tsx (450 lines)',
      'test/e2e/long.test.ts (500 lines)',
    ]);
  });

  it('lets a longer file through that says why, and skips installed, built and generated code', () => {
    write('deploy/src/plan.ts', 420, '// Over 400 lines for that reason: one table of the world.\n');
    write('backend/node_modules/pkg/index.mjs', 900);
    write('backend/dist/main.js', 900);
    write('backend/dist/main.ts', 900);
    write('backend/src/migrations/Migration1.ts', 900);
    write('backend/src/notes.md', 900);
    write('frontend/bench/web.bench.ts', 900);
    expect(overLong(fixture)).toEqual([]);
  });

  it('holds for the repository: every longer source file is split or says why', () => {
    expect(overLong(TEST_ROOT)).toEqual([]);
  });
});
