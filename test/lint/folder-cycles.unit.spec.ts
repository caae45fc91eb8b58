import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { TEST_ROOT } from '../support/test-env.js';

const BACKEND_SRC = resolve(TEST_ROOT, 'backend/src');

/** The server code of backend/src (specs and test fakes left out), by path. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The folder of backend/src a path stands in (a domain, or a platform folder as `platform/redis`),
 * or null for the files at its root.
 */
function folderOf(path: string): string | null {
  const parts = relative(BACKEND_SRC, path).split(sep);
  if (parts[0] === 'platform') return parts.length > 2 ? `platform/${parts[1]}` : null;
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
}

/** Which folder imports which, read with the TypeScript compiler's own import scanner. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(BACKEND_SRC)) {
    const from = folderOf(file);
    if (from === null) continue;
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8')).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), imported.fileName));
      if (to === null || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Groups of folders that reach each other through their imports (Tarjan's strongly connected components). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

describe('backend folders', () => {
  it('import each other in one direction only', () => {
    const graph = folderGraph();
    // The scan sees the imports: the jobs module imports the scans module's surface.
    expect(graph.get('jobs')).toContain('scans');
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when two folders import each other', () => {
    const graph = new Map([
      ['admin', new Set(['whitelist'])],
      ['whitelist', new Set(['admin', 'config'])],
      ['config', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['admin', 'whitelist']]);
  });
});
