/**
 * Rarity engine benchmark: ranks real collections from parsed JSON with both methods.
 *   npm run bench:rarity
 * Datasets come from `<repo root>/../shared/datasets` or NEXUS_DATASETS_DIR; NEXUS_BENCH_RUNS sets
 * the measured repetitions (default 50).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RarityMethodName } from '@nexus/contract';
// The engine alone: the rarity surface (index.ts) also carries the Nest module.
import { RarityEngine } from '../src/rarity/rarity.engine.js';
import type { RarityToken } from '../src/rarity/rarity.types.js';
import { TraitIndex } from '../src/rarity/trait-index.js';

const COLLECTIONS = [
  { name: 'BAYC', file: 'bayc-metadata.json' },
  { name: 'mfers', file: 'mfers-metadata.json' },
  { name: 'CryptoPunks', file: 'cryptopunks-metadata.json' },
];
const METHODS: RarityMethodName[] = ['openrarity', 'statistical'];
const WARMUP_RUNS = 20;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const datasetsDir = process.env.NEXUS_DATASETS_DIR ?? join(repoRoot, '..', 'shared', 'datasets');
const runs = Math.max(1, Number(process.env.NEXUS_BENCH_RUNS ?? 50) || 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function measure(work: () => void): { first: number; median: number; p95: number } {
  const firstStart = performance.now();
  work();
  const first = performance.now() - firstStart;
  for (let i = 1; i < WARMUP_RUNS; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { first, median: percentile(times, 50), p95: percentile(times, 95) };
}

const cell = (value: number): string => value.toFixed(value < 0.1 ? 3 : 2).padStart(9);

function row(
  collection: string,
  tokens: string,
  measureName: string,
  time?: ReturnType<typeof measure>,
): void {
  const figures = time
    ? `${cell(time.median)}${cell(time.p95)}${cell(time.first)}`
    : '   median      p95    first';
  console.log(`${collection.padEnd(12)}${tokens.padStart(7)}  ${measureName.padEnd(24)}${figures}`);
}

function main(): void {
  if (!existsSync(datasetsDir)) {
    console.log(`Rarity bench skipped: no datasets folder at ${datasetsDir} (set NEXUS_DATASETS_DIR).`);
    return;
  }
  const sut = new RarityEngine();
  console.log(
    `Rarity bench: Node ${process.version}, ms; median and p95 of ${runs} runs after ${WARMUP_RUNS} warm-up runs`,
  );
  console.log(
    '"rank": RarityEngine.rank(tokens) + toRarityResult(), from parsed JSON; "first": the first call\n',
  );
  row('collection', 'tokens', 'measure');
  for (const { name, file } of COLLECTIONS) {
    const path = join(datasetsDir, file);
    if (!existsSync(path)) {
      console.log(`${name.padEnd(12)} skipped: ${path} is absent`);
      continue;
    }
    const tokens = JSON.parse(readFileSync(path, 'utf8')) as RarityToken[];
    const size = String(tokens.length);
    for (const method of METHODS) {
      row(
        name,
        size,
        `rank ${method}`,
        measure(() => sut.rank(tokens, { method }).toRarityResult()),
      );
    }
    row(
      name,
      size,
      'index build only',
      measure(() => TraitIndex.build(tokens)),
    );
    const ranked = sut.rankIndex(TraitIndex.build(tokens));
    const tokenId = tokens[tokens.length >> 1].tokenId;
    // The first explanation also maps token ids to positions.
    row(
      name,
      size,
      'explain one token',
      measure(() => ranked.explain(tokenId)),
    );
    row(
      name,
      size,
      'trait summary',
      measure(() => ranked.traitSummary()),
    );
  }
}

main();
