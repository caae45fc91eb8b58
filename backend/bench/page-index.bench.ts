/**
 * The page route's in-memory index in process, without HTTP or PostgreSQL (npm run bench:page-index):
 * builds the index of a synthetic collection (NEXUS_BENCH_NFTS, default 1,000,000; the same NFTs as
 * NEXUS_BENCH_SYNTHETIC loads for bench:scale), then answers the fixed mix of filter and sort changes
 * of bench:scale (NEXUS_BENCH_QUERIES, default 200) as the service does: the counts of each new
 * filter, then the page of its order. Three rounds, each with no counts kept from the one before;
 * p50, p95 and max of each, and the slowest changes of the last.
 */
import { CollectionPageIndex, type IndexRow } from '../src/collections/collection-page.index.js';
import { traitKeyColumns } from '../src/collections/trait-key-columns.js';
import { filterMix, percentile, syntheticTokens, toQuery } from './filter-mix.js';

const NFTS = Math.max(1, Number(process.env.NEXUS_BENCH_NFTS ?? 1_000_000) || 1_000_000);
const QUERIES = Math.max(10, Number(process.env.NEXUS_BENCH_QUERIES ?? 200) || 200);
const PAGE_SIZE = 50;

function build(): CollectionPageIndex {
  const { tokens, rank } = syntheticTokens(NFTS);
  const rows: IndexRow[] = tokens.map((token, i) => ({
    token_id: token.id,
    name: token.name,
    facets_text: traitKeyColumns(token.attributes)!.facets.join('\u001e'),
    facets: null,
    rarity_rank: rank.get(token) ?? null,
    rarity_score: rank.has(token) ? token.score : null,
    name_group: i + 1,
  }));
  const start = performance.now();
  const index = new CollectionPageIndex(rows, 'Synthetic Apes');
  for (const sort of ['rarity-rank', 'rarity-score', 'tokenId', 'name'] as const)
    for (const order of ['asc', 'desc'] as const) index.order({ sort, order });
  console.log(
    `index of ${NFTS.toLocaleString('en')} NFTs built with its orders in ${Math.round(performance.now() - start)} ms`,
  );
  return index;
}

function main(): void {
  const index = build();
  const changes = filterMix(index.counts({ search: '', traits: {} }).traitTypes, QUERIES);
  for (let round = 1; round <= 3; round++) {
    const kept = new Map<string, ReturnType<CollectionPageIndex['counts']>>();
    const times: Array<{ ms: number; change: string }> = [];
    // CPU time besides wall time: on a shared machine the wall time also counts waiting for a core.
    const cpu: number[] = [];
    for (const change of changes) {
      const start = performance.now();
      const used = process.cpuUsage();
      const filter = { search: change.search ?? '', traits: change.traits };
      const key = JSON.stringify(filter);
      let counts = kept.get(key);
      if (!counts) kept.set(key, (counts = index.counts(filter)));
      const order = { sort: change.sort, order: change.order ?? ('asc' as const) };
      index.page(counts.kept, order, ((change.page ?? 1) - 1) * PAGE_SIZE, PAGE_SIZE);
      times.push({ ms: performance.now() - start, change: `${toQuery(change)} (${counts.total} kept)` });
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1000);
    }
    const ms = times.map((t) => t.ms);
    console.log(
      `round ${round}: ${changes.length} changes, p50 ${percentile(ms, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms; CPU time p50 ` +
        `${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms`,
    );
    if (round === 3)
      for (const { ms: took, change } of times.sort((a, b) => b.ms - a.ms).slice(0, 5))
        console.log(`  ${took.toFixed(1)} ms  ${decodeURIComponent(change)}`);
  }
}

main();
