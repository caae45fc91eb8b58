import type { Page, Response } from 'playwright-core';
import type { CollectionPageResponse, NftDetailResponse } from '@nexus/contract';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest } from '../support/system.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/**
 * The gallery as a visitor meets it (issue 21, visitor items 2, 3, 4 and 8), in Chromium against the
 * built API, workers and dev chains: paging beyond Previous / Next with the layout in the address, a
 * wallet's NFTs with their collection's ranks (or plainly none), ERC-1155 quantities, and what fits
 * on a phone.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCAN_TIMEOUT = 150_000;

interface Demo {
  /** Nexus Cronos Genesis: ERC-721, 14 pages, scanned as a collection here. */
  genesis: string;
  /** Nexus Cronos Critters: held by the demo collector, never scanned as a collection here. */
  critters: string;
  /** Nexus Editions (ERC-1155): the collector holds 5 of id 1 and 7 of id 3. */
  editions: string;
  /** Demo collector on cronos and ethereum. */
  collector: { cronos: string; ethereum: string };
}

function demoWorld(): Demo {
  const manifest = readTestManifest();
  const collection = (network: string, name: string) =>
    manifest.collections.find((c) => c.network === network && c.name === name)!.address;
  const wallet = (network: string) =>
    manifest.wallets.find((w) => w.network === network && w.label === 'Demo collector')!.address;
  return {
    genesis: collection('cronos', 'Nexus Cronos Genesis'),
    critters: collection('cronos', 'Nexus Cronos Critters'),
    editions: collection('ethereum', 'Nexus Editions'),
    collector: { cronos: wallet('cronos'), ethereum: wallet('ethereum') },
  };
}

const collectionView = (network: string, address: string, extra = '') =>
  `/?view=collection&network=${network}&address=${address}${extra}`;
const walletView = (network: string, wallet: string, collection?: string) =>
  `/?view=wallet&network=${network}&address=${wallet}${collection ? `&collection=${collection}` : ''}`;

/** Token ids of the cards on screen, in order. */
function cardIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('nft-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-token-id') ?? ''));
}

/** Waits until the first card is another than `before` (a new page is on screen). */
async function waitForNewCards(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (first) => document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') !== first,
    before,
    { timeout: 30_000 },
  );
}

/** The page's document is no wider than its viewport (nothing to scroll sideways). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Cards whose title does not show its token number in full (`#7123` cut by an ellipsis or a clipping
 * box), as 'id: title'; and how many titles carry a number at all.
 */
function cutTitleNumbers(page: Page): Promise<{ cut: string[]; numbered: number }> {
  return page.getByTestId('nft-card').evaluateAll((cards) => {
    const cut: string[] = [];
    let numbered = 0;
    for (const card of cards) {
      const id = card.getAttribute('data-token-id') ?? '';
      const title = card.querySelector<HTMLElement>('.nft-card__name');
      if (!title || !title.textContent?.includes(`#${id}`)) continue;
      numbered += 1;
      const needle = `#${id}`;
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      let shown = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.lastIndexOf(needle);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        const number = range.getBoundingClientRect();
        // Every box between the text and the card (included) that clips what overflows it.
        let right = Infinity;
        for (let box = node.parentElement; box; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX !== 'visible') right = Math.min(right, box.getBoundingClientRect().right);
          if (box === card) break;
        }
        shown = number.width > 0 && number.right <= right + 0.5;
      }
      if (!shown) cut.push(`${id}: ${title.textContent}`);
    }
    return { cut, numbered };
  });
}

maybe('the gallery in Chromium: paging, wallet ranks, quantities, phone layout', () => {
  const web = useBrowserSystem({
    prefix: testPrefix('gallery-ui'),
    port: 3295 + TEST_PORT_OFFSET,
    workers: 1,
  });
  let demo: Demo;
  const visitor = async (size: { width: number; height: number } = DESKTOP) => {
    const context = await web.visitor(size);
    return context;
  };
  const getJson = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${web.system.url}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  };

  /** Waits until the server's rarity job has stored the ranks of a scanned collection. */
  const waitForStoredRanks = async (network: string, address: string): Promise<CollectionPageResponse> => {
    const deadline = Date.now() + SCAN_TIMEOUT;
    for (;;) {
      const { status, body } = await getJson<CollectionPageResponse>(
        `/api/collections/${network}/${address}/nfts?pageSize=1`,
      );
      if (status === 200 && body.rankedTotal > 0) return body;
      if (Date.now() > deadline) throw new Error(`no stored ranks for ${address}: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  /** Opens a view and waits for its first cards (a scan on first use). */
  const openGallery = async (page: Page, path: string) => {
    await page.goto(path);
    await page.getByTestId('nft-card').first().waitFor({ timeout: SCAN_TIMEOUT });
  };

  beforeAll(async () => {
    demo = demoWorld();
  });

  // First: the wallet is scanned before its collection is, so its cached answer carries no ranks.
  it("shows a wallet's NFTs with their collection's ranks, none where Nexus has none, and never a 404", async () => {
    const page = await (await visitor()).newPage();
    const failed: string[] = [];
    page.on('response', (res: Response) => {
      if (new URL(res.url()).pathname.startsWith('/api/') && res.status() >= 400)
        failed.push(`${res.status()} ${res.url()}`);
    });
    await page.goto(walletView('cronos', demo.collector.cronos));
    await page.getByTestId('wallet-collections').waitFor({ timeout: SCAN_TIMEOUT });

    // Then the whole Genesis collection is scanned and ranked by the server.
    await openGallery(page, collectionView('cronos', demo.genesis));
    const stored = await waitForStoredRanks('cronos', demo.genesis);
    failed.length = 0;

    // The wallet's Genesis NFTs carry the collection's ranks, not ranks among the wallet's four.
    await openGallery(page, walletView('cronos', demo.collector.cronos, demo.genesis));
    const ids = await cardIds(page);
    expect(ids.length).toBe(4);
    const expected = new Map<string, number>();
    for (const id of ids) {
      const { status, body } = await getJson<NftDetailResponse>(
        `/api/collections/cronos/${demo.genesis}/nfts/${id}`,
      );
      expect(status).toBe(200);
      expect(body.rarityRank).not.toBeNull();
      expected.set(id, body.rarityRank!);
    }
    const badge = (id: string) =>
      page.locator(`[data-testid="nft-card"][data-token-id="${id}"] .rarity-badge`).innerText();
    await page.waitForFunction(
      ({ id, rank }) =>
        document
          .querySelector(`[data-testid="nft-card"][data-token-id="${id}"] .rarity-badge`)
          ?.textContent?.endsWith(`#${rank}`) === true,
      { id: ids[0]!, rank: expected.get(ids[0]!)! },
      { timeout: 30_000 },
    );
    for (const id of ids) {
      const text = await badge(id);
      expect(text.replace('♛', '').trim()).toBe(`#${expected.get(id)}`);
      // A crown only for the collection's top ten.
      expect(text.includes('♛')).toBe(expected.get(id)! <= 10);
    }
    expect(await page.getByTestId('rarity-ranked').innerText()).toContain(
      `ranks of the whole collection (${stored.rankedTotal.toLocaleString('en-US')} NFTs)`,
    );
    // Its dialog explains the collection's rank.
    await page.locator(`[data-testid="nft-card"][data-token-id="${ids[0]}"]`).click();
    const dialog = page.getByTestId('nft-detail');
    await dialog.getByTestId('explanation-rank').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('explanation-rank').innerText()).toContain(String(expected.get(ids[0]!)));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Critters were never scanned as a collection: no crowns, no ranks, and it says so plainly.
    await openGallery(page, walletView('cronos', demo.collector.cronos, demo.critters));
    const ranked = page.getByTestId('rarity-ranked');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="rarity-ranked"]')
          ?.textContent?.includes('Nexus has not ranked this collection') === true,
      undefined,
      { timeout: 30_000 },
    );
    expect(await ranked.innerText()).not.toMatch(/Rarity ranked/);
    expect(await page.locator('[data-testid="nft-grid"] .rarity-badge').count()).toBe(0);
    await page.getByTestId('nft-card').first().click();
    await dialog.waitFor();
    await dialog.getByText('Nexus has not ranked this collection', { exact: false }).first().waitFor();
    expect(await dialog.getByTestId('nft-detail-rank').innerText()).toBe('Not ranked');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
  }, 420_000);

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'pages by first, last, numbered neighbours and a checked page field (%s)',
    async (_label, size) => {
      const page = await (await visitor(size)).newPage();
      await openGallery(page, collectionView('cronos', demo.genesis));
      const { body } = await getJson<CollectionPageResponse>(`/api/collections/cronos/${demo.genesis}/nfts`);
      const last = body.pageCount;
      expect(last).toBeGreaterThan(5);
      const pager = page.getByTestId('gallery-pager');
      const first = await cardIds(page);

      expect(await pager.getByRole('button', { name: 'First page' }).isDisabled()).toBe(true);
      expect(
        await pager.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      await pager.getByRole('button', { name: 'Page 2', exact: true }).waitFor();

      await pager.getByRole('button', { name: 'Last page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === String(last));
      await waitForNewCards(page, first[0]!);
      expect(await pager.getByTestId('pager-status').innerText()).toBe(`Page ${last} of ${last}`);
      expect(await pager.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);

      // A neighbour two pages back, by its number.
      const atLast = await cardIds(page);
      await pager.getByRole('button', { name: `Page ${last - 1}`, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === String(last - 1));
      await waitForNewCards(page, atLast[0]!);

      // The page field refuses what is not a page, and goes to one that is.
      const field = pager.getByTestId('pager-field');
      for (const wrong of ['abc', '0', String(last + 1)]) {
        await field.fill(wrong);
        await field.press('Enter');
        expect(await pager.getByTestId('pager-error').innerText()).toBe(`Enter a page from 1 to ${last}`);
        expect(new URL(page.url()).searchParams.get('page')).toBe(String(last - 1));
      }
      const before = await cardIds(page);
      await field.fill('3');
      await pager.getByRole('button', { name: 'Go', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '3');
      await waitForNewCards(page, before[0]!);
      expect(await pager.getByTestId('pager-error').count()).toBe(0);
      expect(
        await pager.getByRole('button', { name: 'Page 3', exact: true }).getAttribute('aria-current'),
      ).toBe('page');

      // Back to the first page: the address has no page left, the first cards are back.
      await pager.getByRole('button', { name: 'First page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === null);
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') === id,
        first[0],
      );

      // Everything fits the width: no sideways scrolling, the pager on screen.
      expect(await scrollsSideways(page)).toBe(false);
      const box = (await pager.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    },
    240_000,
  );

  it('keeps the layout in the address: a reload and a shared link open the list view', async () => {
    const page = await (await visitor()).newPage();
    await openGallery(page, collectionView('cronos', demo.genesis, '&page=2'));
    await page.getByTestId('view-mode-list').click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'list');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const url = page.url();
    await page.reload();
    await page.getByTestId('nft-card').first().waitFor();
    expect(await page.getByTestId('view-mode-list').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('nft-grid').getAttribute('class')).toContain('nft-grid--list');

    // A browser that has never chosen a layout opens the link as it was shared.
    const fresh = await (await visitor()).newPage();
    await openGallery(fresh, url);
    expect(await fresh.getByTestId('nft-grid').getAttribute('class')).toContain('nft-grid--list');
    expect(await fresh.getByTestId('view-mode-list').getAttribute('aria-pressed')).toBe('true');
  }, 240_000);

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    "shows an ERC-1155 wallet's quantities on its row, cards and dialog (%s)",
    async (_label, size) => {
      const page = await (await visitor(size)).newPage();
      await page.goto(walletView('ethereum', demo.collector.ethereum));
      const row = page.locator(`[data-testid="wallet-collection-row"][data-contract="${demo.editions}"]`);
      await row.waitFor({ timeout: SCAN_TIMEOUT });
      // Four ids held, fourteen copies: 5 + 1 + 7 + 1 (on a phone the copies go on a line of their own).
      const held = await row.getByTestId('wallet-collection-count-held').innerText();
      expect(held.replace(/\s+/g, ' ')).toBe('4 NFTs · 14 copies');

      await row.click();
      await page.getByTestId('nft-card').first().waitFor();
      expect(await page.getByTestId('gallery-quantity').innerText()).toBe('14 copies held');
      const quantity = (id: string) =>
        page.locator(`[data-testid="nft-card"][data-token-id="${id}"] [data-testid="nft-quantity"]`);
      expect(await quantity('1').innerText()).toBe('×5');
      expect(await quantity('3').innerText()).toBe('×7');
      expect(await quantity('1').isVisible()).toBe(true);
      expect(await quantity('2').count()).toBe(0);

      await page.locator('[data-testid="nft-card"][data-token-id="3"]').click();
      const dialog = page.getByTestId('nft-detail');
      await dialog.waitFor();
      expect(await dialog.getByTestId('nft-detail-quantity').innerText()).toBe('×7');
    },
    240_000,
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'keeps the token number of every card title on screen (%s)',
    async (_label, size) => {
      const page = await (await visitor(size)).newPage();
      await openGallery(page, collectionView('cronos', demo.genesis));
      const titles = await cutTitleNumbers(page);
      expect(titles.numbered).toBeGreaterThan(0);
      expect(titles.cut).toEqual([]);
    },
    240_000,
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    "shows the whole rarity table of an NFT's dialog (%s)",
    async (_label, size) => {
      const page = await (await visitor(size)).newPage();
      await openGallery(page, collectionView('cronos', demo.genesis));
      await waitForStoredRanks('cronos', demo.genesis);
      await page.getByTestId('nft-card').first().click();
      const dialog = page.getByTestId('nft-detail');
      const table = dialog.locator('.rarity-table');
      await table.waitFor({ timeout: 30_000 });
      const layout = await table.evaluate((element) => {
        const wrap = element.parentElement!;
        const row = element.querySelector('tbody tr')!;
        const cells = [...row.querySelectorAll('td')].slice(-2).map((cell) => {
          const rect = cell.getBoundingClientRect();
          return { left: Math.round(rect.left), right: Math.round(rect.right), width: rect.width };
        });
        return {
          scrollsSideways: wrap.scrollWidth > wrap.clientWidth + 1,
          cells,
          viewport: window.innerWidth,
        };
      });
      // Share and Contribution of the first trait, fully on screen, nothing to scroll to.
      expect(layout.scrollsSideways).toBe(false);
      expect(layout.cells).toHaveLength(2);
      for (const cell of layout.cells) {
        expect(cell.width).toBeGreaterThan(0);
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(layout.viewport);
      }
    },
    240_000,
  );
});
