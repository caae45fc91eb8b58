import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { cycles, folderGraph } from '../../scripts/folder-cycles.mjs';
import { TEST_ROOT } from '../support/test-env.js';

/** A backend tree whose folders alpha and beta import each other's surfaces (no file cycle). */
const FIXTURE = resolve(TEST_ROOT, 'test/lint/fixtures/folder-cycle');

/** `npm run check` runs scripts/folder-cycles.mjs: it fails on a cycle between backend folders. */
describe('folder cycles (scripts/folder-cycles.mjs, run by npm run check)', () => {
  const check = (root: string) =>
    spawnSync(process.execPath, [resolve(TEST_ROOT, 'scripts/folder-cycles.mjs'), root], {
      encoding: 'utf8',
    });

  it('fails the check on two folders that import each other, naming them', () => {
    const sut = check(FIXTURE);
    expect(sut.status).toBe(1);
    expect(sut.stderr).toContain('alpha -> beta -> alpha');
  });

  it('passes the repository: its folders import each other in one direction only', () => {
    const graph = folderGraph(TEST_ROOT);
    // The scan sees the imports: the jobs module imports the scans module's surface, and a
    // platform folder counts as a folder of its own.
    expect(graph.get('jobs')).toContain('scans');
    expect(graph.get('platform/redis')).toContain('platform/config');
    expect(cycles(graph)).toEqual([]);
    expect(check(TEST_ROOT).status).toBe(0);
  });

  it('finds a cycle when two folders import each other', () => {
    const graph = new Map([
      ['admin', new Set(['whitelist'])],
      ['whitelist', new Set(['admin', 'platform/config'])],
      ['platform/config', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['admin', 'whitelist']]);
  });
});
