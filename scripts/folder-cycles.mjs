// Folder cycles between backend folders, run by `npm run check`: ESLint's import-x/no-cycle sees
// only cycles of files, and two folders may reach each other through files that form none.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The server code of a backend/src (specs and test fakes left out), by path. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The folder of backend/src a path stands in (a domain, or a platform folder as `platform/redis`),
 * or null for the files at its root (the composition root) and outside it.
 */
function folderOf(src, path) {
  const parts = relative(src, path).split(sep);
  if (parts[0] === '..') return null;
  if (parts[0] === 'platform') return parts.length > 2 ? `platform/${parts[1]}` : null;
  return parts.length > 1 ? parts[0] : null;
}

/** Which folder of `root`/backend/src imports which, read with the TypeScript compiler's import scanner. */
export function folderGraph(root) {
  const src = resolve(root, 'backend/src');
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    if (from === null) continue;
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8')).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const to = folderOf(src, resolve(dirname(file), imported.fileName));
      if (to === null || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Groups of folders that reach each other through their imports (Tarjan's strongly connected components). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (folder) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder));
    stack.push(folder);
    for (const next of graph.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder), index.get(next)));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

/** One path around a group of folders, for the message: `a -> b -> a`. */
function loopOf(graph, group) {
  const path = [group[0]];
  const seen = new Set(path);
  for (;;) {
    const last = path[path.length - 1];
    const next = [...(graph.get(last) ?? [])].filter((f) => group.includes(f)).sort();
    const back = next.find((f) => f === path[0]);
    if (back !== undefined && path.length > 1) return [...path, back].join(' -> ');
    const fresh = next.find((f) => !seen.has(f)) ?? next[0];
    if (fresh === undefined || seen.has(fresh)) return [...path, fresh ?? path[0]].join(' -> ');
    path.push(fresh);
    seen.add(fresh);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(process.argv[2] ?? '.');
  const graph = folderGraph(root);
  const found = cycles(graph);
  for (const group of found) console.error(`Folder cycle in backend/src: ${loopOf(graph, group)}`);
  if (found.length > 0) {
    console.error(
      'Folders import each other in one direction only: move the shared piece down, or pass it in.',
    );
    process.exit(1);
  }
}
