import type { Page, Request } from 'playwright-core';
import type { CollectionPageResponse } from '@nexus/contract';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest, type ManifestCollection } from '../support/system.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/**
 * What a visitor's browser downloads to see the largest collection of the dev world (issue 21, visitor
 * item 1: a 10,000-token collection cost 14 MB before its gallery settled). The web app asks for the
 * collection by pages (`paged: true`), reads the pages the server serves and shows the ranks the
 * server's rarity job stored: no answer carries the whole collection, and the browser never sends an
 * NFT list to be ranked.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCAN_TIMEOUT = 240_000;
/** No single API answer (or socket message) is larger than this: a page of cards, not a collection. */
const MAX_ANSWER_BYTES = 200 * 1024;
/** What the API may send in all before the first card is on screen. */
const MAX_BYTES_BEFORE_FIRST_CARD = 500 * 1024;

interface Exchange {
  /** GET, POST, … or WS for a socket message from the server. */
  method: string;
  path: string;
  status: number;
  /** Length of the decoded answer body. */
  bytes: number;
  /** Whether the answer was complete before the first card was seen on screen. */
  beforeFirstCard: boolean;
}

/**
 * Every API request and answer of a page (REST under /api, the socket under /socket.io, by HTTP or
 * websocket), with sizes, and what it posted to scan and to rank.
 */
function recordApi(page: Page) {
  const exchanges: Exchange[] = [];
  const pending: Array<Promise<void>> = [];
  const scanBodies: unknown[] = [];
  const rarityBodies: unknown[] = [];
  const state = { firstCardShown: false };
  const apiPath = (request: Request) => new URL(request.url()).pathname;
  const isApi = (path: string) => path.startsWith('/api/') || path.startsWith('/socket.io/');

  page.on('request', (request) => {
    const path = apiPath(request);
    if (request.method() !== 'POST') return;
    if (path === '/api/nfts') scanBodies.push(request.postDataJSON());
    if (path === '/api/calculate-rarity') rarityBodies.push(request.postDataJSON() ?? null);
  });
  const finished = (request: Request) => {
    const path = apiPath(request);
    if (!isApi(path)) return;
    const beforeFirstCard = !state.firstCardShown;
    pending.push(
      (async () => {
        const response = await request.response();
        const body = await response?.body().catch(() => null);
        exchanges.push({
          method: request.method(),
          path: `${path}${new URL(request.url()).search}`,
          status: response?.status() ?? 0,
          bytes: body?.length ?? 0,
          beforeFirstCard,
        });
      })(),
    );
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('websocket', (socket) => {
    const path = new URL(socket.url()).pathname;
    if (!isApi(path)) return;
    socket.on('framereceived', ({ payload }) => {
      exchanges.push({
        method: 'WS',
        path,
        status: 101,
        bytes: typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
        beforeFirstCard: !state.firstCardShown,
      });
    });
  });

  return {
    scanBodies,
    rarityBodies,
    markFirstCard() {
      state.firstCardShown = true;
    },
    /** The exchanges, once every answer seen so far was read. */
    async settled(): Promise<Exchange[]> {
      await Promise.all(pending);
      return exchanges;
    },
  };
}

maybe('a large collection in Chromium: pages and stored ranks, no whole collection', () => {
  const web = useBrowserSystem({
    prefix: testPrefix('gallery-transfer'),
    port: 3287 + TEST_PORT_OFFSET,
    workers: 1,
    // The server would answer this collection whole to a client that does not ask for pages (as it
    // does a 10,000-NFT one by default): the web app has to ask for pages itself.
    env: { FULL_ANSWER_MAX_NFTS: '1000000' },
  });
  let collection: ManifestCollection;
  const measured: string[] = [];

  beforeAll(async () => {
    // The largest ERC-721 collection on ethereum (Nexus Apes, 10,000 tokens: the example).
    // Not polygon's larger one: browser.test.ts needs that one unscanned to watch its scan.
    collection = readTestManifest()
      .collections.filter((c) => c.standard === 'ERC-721' && c.network === 'ethereum')
      .sort((a, b) => b.totalSupply - a.totalSupply)[0]!;
  });

  afterAll(async () => {
    if (measured.length) console.log(measured.join('\n'));
  });

  // The desktop visit scans the collection; the phone then opens the stored one.
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'opens the largest collection by pages with its stored ranks (%s)',
    async (label, size) => {
      expect(collection.totalSupply).toBeGreaterThanOrEqual(10_000);
      const context = await web.visitor(size);
      const page = await context.newPage();
      const api = recordApi(page);

      await page.goto(`/?view=collection&network=${collection.network}&address=${collection.address}`);
      await page.getByTestId('nft-card').first().waitFor({ timeout: SCAN_TIMEOUT });
      api.markFirstCard();

      // The ranks the rarity job stored: under the default sort (rarity rank), the top card is #1.
      await page
        .waitForFunction(
          () =>
            /(^|\s)#1$/.test(
              document.querySelector('[data-testid="nft-card"] .rarity-badge')?.textContent?.trim() ?? '',
            ),
          undefined,
          { timeout: SCAN_TIMEOUT },
        )
        .catch((error: unknown) => {
          // Where the ranks stayed away, the worker's last words say why.
          const worker = web.system.workers[0]?.output.slice(-30).join('\n');
          throw new Error(`${String(error)}\nthe worker's last lines:\n${worker}`);
        });
      await page.waitForLoadState('networkidle');
      const exchanges = await api.settled();

      const before = exchanges.filter((e) => e.beforeFirstCard);
      const bytesBefore = before.reduce((sum, e) => sum + e.bytes, 0);
      const bytesAll = exchanges.reduce((sum, e) => sum + e.bytes, 0);
      const largest = exchanges.reduce((top, e) => (e.bytes > top.bytes ? e : top), exchanges[0]!);
      measured.push(
        `[gallery-transfer] ${label}: ${collection.name} (${collection.totalSupply} NFTs): ` +
          `${before.length} API answers, ${bytesBefore} B before the first card; ` +
          `${exchanges.length} answers, ${bytesAll} B until ranked; largest ${largest.bytes} B ` +
          `(${largest.method} ${largest.path})`,
      );

      // The scan asks for pages, and nothing is ranked in the browser.
      expect(api.scanBodies.length).toBeGreaterThan(0);
      for (const body of api.scanBodies) expect(body).toMatchObject({ paged: true });
      expect(api.rarityBodies.filter((body) => Array.isArray((body as { nfts?: unknown })?.nfts))).toEqual(
        [],
      );
      expect(api.rarityBodies).toEqual([]);

      // No answer carries the collection; the first card costs a few pages' worth.
      expect(exchanges.filter((e) => e.status >= 400)).toEqual([]);
      const large = exchanges.filter((e) => e.bytes > MAX_ANSWER_BYTES);
      expect(large.map((e) => `${e.method} ${e.path}: ${e.bytes} B`)).toEqual([]);
      expect(bytesBefore).toBeLessThan(MAX_BYTES_BEFORE_FIRST_CARD);

      // The cards show the collection's stored ranks, in the order the server pages them.
      const res = await fetch(
        `${web.system.url}/api/collections/${collection.network}/${collection.address}/nfts?pageSize=1`,
      );
      expect(res.status).toBe(200);
      const stored = (await res.json()) as CollectionPageResponse;
      expect(stored.rankedTotal).toBe(stored.collectionTotal);
      expect(stored.nfts[0]!.rarityRank).toBe(1);
      const cards = page.getByTestId('nft-card');
      const top = cards.first();
      expect(await top.getAttribute('data-token-id')).toBe(stored.nfts[0]!.tokenId);
      expect((await top.locator('.rarity-badge').innerText()).trim()).toBe('♛ #1');
      const ranks = await cards.evaluateAll((all) =>
        all.map((card) => card.querySelector('.rarity-badge')?.textContent?.trim() ?? ''),
      );
      expect(ranks.length).toBeGreaterThan(1);
      expect(ranks.every((rank) => /#\d+$/.test(rank))).toBe(true);
      const numbers = ranks.map((rank) => Number(/#(\d+)$/.exec(rank)![1]));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    },
    SCAN_TIMEOUT + 120_000,
  );
});
