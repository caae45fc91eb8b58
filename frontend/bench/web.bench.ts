/**
 * Web app benchmark, in Chromium against a running Nexus:
 *   npm run build && npm start            (another terminal; or any running system)
 *   npm run bench:web
 *
 * Measures
 * 1. the visitor's first load: the entry script, its modulepreloads and the stylesheets of
 *    frontend/dist/index.html, gzip-compressed (level 9, as the build's size report; first-load.ts);
 * 2. time to the first NFT card of each cached collection (by default the dev chains' ERC-721
 *    collections nearest 10,000 and 100,000 tokens): a new browser context (empty browser cache, the
 *    server's cache warm) opens the collection's address (/?view=collection&network=…&address=…);
 *    measured in the page from navigation start to the first card in the DOM and to the frame that
 *    paints it, with the bytes the page had received by then (the document and every response
 *    finished before the card: Resource Timing transferSize, headers included) and the bytes it sent
 *    and received until the gallery settled (no request for 1 s; Chrome's own counts, over the
 *    DevTools protocol);
 * 3. filter change time on the first collection's gallery: a trait value ticked or unticked, from
 *    the click to the first frame after the count changed (median and worst over the runs).
 *
 * Chromium is throttled to a mobile profile unless NEXUS_BENCH_THROTTLE=off: 10 Mbit/s down and
 * up, 40 ms round trip (DevTools protocol Network.emulateNetworkConditions, for every request of
 * the page, the socket included).
 *
 * Settings: NEXUS_BENCH_URL (default http://127.0.0.1:3000), NEXUS_BENCH_COLLECTION (one or more
 * network:address, comma-separated; default the manifest's ERC-721 collections nearest 10,000 and
 * 100,000 tokens), NEXUS_BENCH_MANIFEST (default .nexus/devchain.json), NEXUS_BENCH_RUNS (default 7),
 * NEXUS_BENCH_THROTTLE (default on), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import type { Browser, Page } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BETA_WELCOME_SEEN_KEY, launchChromium } from '../../test/support/browser.js';
import { FIRST_LOAD_BUDGET_BYTES, firstLoad } from './first-load.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE = (process.env.NEXUS_BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const RUNS = Math.max(1, Number(process.env.NEXUS_BENCH_RUNS ?? 7) || 7);
const MANIFEST = resolve(repoRoot, process.env.NEXUS_BENCH_MANIFEST ?? '.nexus/devchain.json');
const WARM_TIMEOUT_MS = 15 * 60_000;
const THROTTLE = process.env.NEXUS_BENCH_THROTTLE !== 'off';
/** The mobile profile: 10 Mbit/s each way (in bytes per second), 40 ms round trip. */
const MOBILE = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };
/** The gallery has settled once no request has been under way for this long. */
const SETTLED_QUIET_MS = 1000;

interface Target {
  network: string;
  address: string;
  name: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** kB of 1,000 bytes, as Vite's build report. */
function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function benchTargets(): Target[] {
  const named = process.env.NEXUS_BENCH_COLLECTION;
  if (named) {
    return named.split(',').map((entry) => {
      const [network, address] = entry.trim().split(':');
      if (!network || !address) throw new Error('NEXUS_BENCH_COLLECTION must be network:address[,…]');
      return { network, address, name: address };
    });
  }
  if (!existsSync(MANIFEST))
    throw new Error(`No dev-chain manifest at ${MANIFEST}: set NEXUS_BENCH_COLLECTION`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as {
    collections: Array<{
      network: string;
      address: string;
      name: string;
      standard: string;
      totalSupply: number;
    }>;
  };
  const erc721 = manifest.collections.filter((c) => c.standard === 'ERC-721');
  // The ERC-721 collections nearest 10,000 and 100,000 tokens (the full dev world mints both).
  const nearest = (size: number) =>
    [...erc721].sort((a, b) => Math.abs(a.totalSupply - size) - Math.abs(b.totalSupply - size))[0];
  const chosen = [nearest(10_000), nearest(100_000)].filter((c, i, all) => c && all.indexOf(c) === i);
  if (chosen.length === 0) throw new Error('The manifest lists no ERC-721 collection');
  return chosen as Target[];
}

/** Scans the collection if it is not cached yet, and waits until the API answers it from cache. */
async function warm(target: Target): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${BASE}/api/nfts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: target.address, network: target.network, searchType: 'collection' }),
    });
    const answer = (await response.json()) as {
      nfts?: unknown[];
      pending?: boolean;
      fromCache?: boolean;
      error?: string;
      paging?: { total: number };
    };
    if (answer.error) throw new Error(`The API could not scan ${target.address}: ${answer.error}`);
    if (!answer.pending && answer.fromCache) return answer.paging?.total ?? answer.nfts?.length ?? 0;
    if (Date.now() - started > WARM_TIMEOUT_MS)
      throw new Error('The collection did not finish scanning in time');
    await new Promise((r) => setTimeout(r, answer.pending ? 2000 : 200));
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // A returning visitor: the first-visit dialog is not part of what is measured.
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), BETA_WELCOME_SEEN_KEY);
  // Records, from navigation start, when the first NFT card enters the DOM and the frame that shows it.
  await context.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __nexusBench: Record<string, number> }).__nexusBench = marks;
    const observer = new MutationObserver(() => {
      if (marks.firstCard === undefined && document.querySelector('[data-testid="nft-card"]')) {
        marks.firstCard = performance.now();
        requestAnimationFrame(() => (marks.firstCardFrame = performance.now()));
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (THROTTLE) await cdp.send('Network.emulateNetworkConditions', MOBILE);
  // Chrome's own byte counts per request: received (headers and body as sent) and request bodies.
  const traffic = { received: 0, sent: 0, inFlight: 0, lastActivity: Date.now() };
  (page as Page & { nexusTraffic?: typeof traffic }).nexusTraffic = traffic;
  cdp.on('Network.requestWillBeSent', (event) => {
    traffic.inFlight++;
    traffic.lastActivity = Date.now();
    traffic.sent += Buffer.byteLength(event.request.postData ?? '');
  });
  const done = () => {
    traffic.inFlight = Math.max(0, traffic.inFlight - 1);
    traffic.lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (event) => {
    traffic.received += event.encodedDataLength;
    done();
  });
  cdp.on('Network.loadingFailed', done);
  cdp.on('Network.webSocketFrameReceived', (event) => {
    traffic.received += event.response.payloadData.length;
  });
  cdp.on('Network.webSocketFrameSent', (event) => {
    traffic.sent += event.response.payloadData.length;
  });
  return page;
}

function trafficOf(page: Page): { received: number; sent: number; inFlight: number; lastActivity: number } {
  return (page as Page & { nexusTraffic?: ReturnType<typeof trafficOf> }).nexusTraffic!;
}

/** Waits until no request has been under way for SETTLED_QUIET_MS (at most 60 s). */
async function settled(page: Page): Promise<void> {
  const traffic = trafficOf(page);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (traffic.inFlight === 0 && Date.now() - traffic.lastActivity >= SETTLED_QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function firstCard(browser: Browser, target: Target) {
  const page = await newPage(browser);
  const url = `${BASE}/?view=collection&network=${target.network}&address=${target.address}`;
  await page.goto(url);
  await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => (window as unknown as { __nexusBench: Record<string, number> }).__nexusBench.firstCardFrame,
  );
  const marks = await page.evaluate(
    () => (window as unknown as { __nexusBench: Record<string, number> }).__nexusBench,
  );
  const api = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/nfts')) as
      PerformanceResourceTiming | undefined;
    return entry ? { start: entry.startTime, end: entry.responseEnd, bytes: entry.transferSize } : null;
  });
  // Bytes received before the card: the document and every response that had ended by then.
  const bytesBefore = await page.evaluate((card) => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return entries.filter((e) => e.responseEnd <= card).reduce((sum, e) => sum + e.transferSize, 0);
  }, marks.firstCard!);
  await settled(page);
  const traffic = trafficOf(page);
  return {
    page,
    firstCard: marks.firstCard!,
    frame: marks.firstCardFrame!,
    api,
    bytesBefore,
    settledReceived: traffic.received,
    settledSent: traffic.sent,
  };
}

/** Ticks (or unticks) one trait value; resolves with the time to the first frame after the count changed. */
async function toggleTime(page: Page, index: number): Promise<number> {
  return page.evaluate(
    (i) =>
      new Promise<number>((resolvePromise, reject) => {
        const boxes = [...document.querySelectorAll<HTMLInputElement>('.trait-group input[type="checkbox"]')];
        const box = boxes[i % boxes.length];
        const count = document.querySelector('[data-testid="gallery-count"]');
        if (!box || !count) {
          reject(new Error('No trait checkbox or count badge on the page'));
          return;
        }
        const before = count.textContent;
        const timeout = setTimeout(() => reject(new Error('The count did not change')), 10_000);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (count.textContent === before) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            clearTimeout(timeout);
            resolvePromise(performance.now() - started);
          });
        });
        observer.observe(count, { childList: true, subtree: true, characterData: true });
        box.click();
      }),
    index,
  );
}

async function main(): Promise<void> {
  const load = firstLoad(join(repoRoot, 'frontend', 'dist'));
  console.log('First load, scripts and stylesheets of index.html (gzip level 9):');
  for (const file of load.files) console.log(`  ${file.file}  ${kb(file.raw)} raw, ${kb(file.gzip)} gzip`);
  console.log(
    `  JavaScript ${kb(load.js)}, CSS ${kb(load.css)}: ${kb(load.total)} gzip (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`,
  );

  const targets = benchTargets();
  console.log(
    `\nNetwork: ${THROTTLE ? 'mobile profile, 10 Mbit/s each way, 40 ms round trip' : 'not throttled'}`,
  );
  const browser = await launchChromium();
  try {
    for (const [index, target] of targets.entries()) {
      console.log(`\nCollection ${target.name} (${target.network} ${target.address}) on ${BASE}`);
      const warmStarted = Date.now();
      const tokens = await warm(target);
      console.log(`  cached: ${tokens} NFTs (warm-up ${((Date.now() - warmStarted) / 1000).toFixed(1)} s)`);

      // One untimed visit: the server's first answer after a start warms its own code paths.
      await (await firstCard(browser, target)).page.context().close();

      const cards: number[] = [];
      const frames: number[] = [];
      const apiEnds: number[] = [];
      const before: number[] = [];
      const received: number[] = [];
      const sent: number[] = [];
      const filters: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await firstCard(browser, target);
        cards.push(result.firstCard);
        frames.push(result.frame);
        before.push(result.bytesBefore);
        received.push(result.settledReceived);
        sent.push(result.settledSent);
        if (result.api) apiEnds.push(result.api.end);
        if (run === 0 && index === 0) {
          await result.page.getByTestId('trait-filter-toggle').click();
          await result.page.locator('.trait-group input[type="checkbox"]').first().waitFor();
          // On, off, on, off…: each toggle filters (or restores) the whole collection.
          for (let i = 0; i < 2 * RUNS; i += 1) {
            filters.push(await toggleTime(result.page, Math.floor(i / 2)));
            await result.page.waitForTimeout(150);
          }
        }
        await result.page.context().close();
      }
      console.log(`  time to first NFT card (${RUNS} fresh visits, from navigation start):`);
      console.log(`    in the DOM: median ${ms(median(cards))}, worst ${ms(Math.max(...cards))}`);
      console.log(`    painted:    median ${ms(median(frames))}, worst ${ms(Math.max(...frames))}`);
      if (apiEnds.length)
        console.log(`    of which POST /api/nfts answered by: median ${ms(median(apiEnds))}`);
      console.log(
        `  bytes received before the first card: median ${kb(median(before))}, worst ${kb(Math.max(...before))}`,
      );
      console.log(
        `  until the gallery settled: received median ${kb(median(received))}, sent median ${kb(median(sent))}`,
      );
      if (filters.length) {
        console.log(
          `  filter change (${filters.length} trait toggles on ${tokens} NFTs, click to next frame):`,
        );
        console.log(`    median ${ms(median(filters))}, worst ${ms(Math.max(...filters))}`);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
