import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 24, item 7: a visitor's first load, scripts and stylesheets, under 200 kB gzip. */
export const FIRST_LOAD_BUDGET_BYTES = 200_000;

export interface FirstLoadFile {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  /** gzip level 9, as the build's size report. */
  gzip: number;
}

export interface FirstLoad {
  files: FirstLoadFile[];
  js: number;
  css: number;
  total: number;
}

/**
 * What `index.html` of a build loads before the app runs: the entry script, its modulepreloads and
 * the stylesheets, gzip level 9. Every screen but home is a lazy route chunk, and what a view
 * fetches later (the Socket.IO client, the chart) is not in it: this is any visitor's first load.
 */
export function firstLoad(dist: string): FirstLoad {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const found = (pattern: RegExp, kind: FirstLoadFile['kind']) =>
    [...html.matchAll(pattern)].map((match) => ({ path: match[1]!, kind }));
  const files = [
    ...found(/<script[^>]+src="([^"]+\.js)"/g, 'js'),
    ...found(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g, 'js'),
    ...found(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g, 'css'),
  ].map(({ path, kind }): FirstLoadFile => {
    const body = readFileSync(join(dist, path.replace(/^\//, '')));
    return { file: path, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const sum = (kind: FirstLoadFile['kind']) =>
    files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzip, 0);
  const js = sum('js');
  const css = sum('css');
  return { files, js, css, total: js + css };
}
