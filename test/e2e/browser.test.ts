import type { Page } from 'playwright-core';
import { bigCollections, readTestManifest } from '../support/system.js';
import { join } from 'node:path';
import { useBrowserSystem } from '../support/browser-system.js';
import { galleryImagesInViewLoaded } from '../support/browser.js';
import { TEST_PORT_OFFSET, TEST_STATE_DIR, testPrefix } from '../support/test-env.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';

const maybe = describeWith([TEST_CHAIN, CHROMIUM]);
/** SPEC §4: the stages of a scan, in order. */
const SCAN_ORDER = ['initializing', 'preparing', 'calculating', 'finalizing', 'complete'];

/** A first visit opens the beta welcome dialog (SPEC §4): a visitor dismisses it before searching. */
async function dismissBetaWelcome(page: Page): Promise<void> {
  const dismiss = page.getByTestId('beta-welcome-dismiss');
  await dismiss.click();
  await page.getByTestId('beta-welcome').waitFor({ state: 'detached' });
}

maybe('the web app in Chromium (real API, workers and chains)', () => {
  const web = useBrowserSystem({ prefix: testPrefix('browser'), port: 3212 + TEST_PORT_OFFSET, workers: 2 });

  it('searches a demo collection, shows live progress, then at least 50 NFT cards with images', async () => {
    const manifest = readTestManifest();
    // A collection no other test scans, so the scan really runs and the overlay shows.
    const collection = bigCollections(manifest).find((c) => c.network === 'polygon')!;
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const answers: Array<{ paging?: unknown }> = [];
    const pageReads: URL[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/nfts') && res.status() === 200)
        void res.json().then((body: { paging?: unknown }) => answers.push(body));
      const url = new URL(res.url());
      if (url.pathname === `/api/collections/${collection.network}/${collection.address.toLowerCase()}/nfts`)
        pageReads.push(url);
    });
    await page.goto(web.system.url);
    await dismissBetaWelcome(page);

    await page.getByTestId('search-type-collection').click();
    await page.getByTestId('network-select').selectOption(collection.network);
    await page.getByTestId('search-input').fill(collection.address);
    await page.getByTestId('search-submit').click();

    const overlay = page.getByTestId('scan-overlay');
    const tokensFound = page.getByTestId('scan-tokens-found');
    await overlay.waitFor({ state: 'visible', timeout: 30_000 });
    // What the overlay showed, in order: each stage once, and the most tokens it counted.
    const stages: string[] = [];
    let mostTokensFound = 0;
    const watcher = (async () => {
      while (await overlay.isVisible().catch(() => false)) {
        const stage = await overlay.getAttribute('data-stage').catch(() => null);
        if (stage && stage !== stages.at(-1)) stages.push(stage);
        const found = await tokensFound.innerText({ timeout: 1000 }).catch(() => '');
        mostTokensFound = Math.max(mostTokensFound, Number(found.split('/')[0]!.replace(/\D/g, '')) || 0);
        await page.waitForTimeout(50);
      }
    })();

    const cards = page.getByTestId('nft-card');
    await cards.nth(49).waitFor({ state: 'visible', timeout: 120_000 });
    await watcher;
    // The overlay waits for the first event ('waiting'), then follows the scan's stages in order: a
    // poll every 50 ms can miss a short stage, never reorder them. Reading metadata takes seconds,
    // so 'calculating' is always seen, with every token of the collection found.
    const shown = stages.filter((stage) => stage !== 'waiting');
    expect(shown).toContain('calculating');
    expect(shown).not.toContain('error');
    expect(shown).toEqual(SCAN_ORDER.filter((stage) => shown.includes(stage)));
    expect(new Set(shown).size).toBe(shown.length);
    expect(mostTokensFound).toBe(collection.totalSupply);
    expect(await cards.count()).toBeGreaterThanOrEqual(50);
    // A collection over FULL_ANSWER_MAX_NFTS (10,000) comes as its first page with the page route,
    // and the gallery reads its pages from that route (the whole-answer compression: scans-compression).
    expect(collection.totalSupply).toBeGreaterThan(10_000);
    expect(answers.at(-1)?.paging).toMatchObject({ total: collection.totalSupply });
    // The first page shows from the POST answer; the page route's read (the filter bar's counts; an
    // API process builds the collection's page index on its first read) may still be on its way.
    for (let i = 0; i < 300 && pageReads.length === 0; i++) await page.waitForTimeout(100);
    expect(pageReads.at(-1)?.searchParams.get('page')).toBe('1');

    // The images in view load (our media route answers the generated art; the rest load lazily).
    await galleryImagesInViewLoaded(page);
    await page.screenshot({ path: join(TEST_STATE_DIR, 'browser-gallery.png') });
  }, 180_000);

  it('finds a wallet by its ENS name and lists its collections', async () => {
    const manifest = readTestManifest() as ReturnType<typeof readTestManifest> & {
      ens?: { names: Array<{ name: string; address: string }> };
    };
    const demo = manifest.ens!.names.find((n) => n.name === 'demo.eth')!;
    const spam = new Set(
      manifest.collections
        .filter((c) => (c as { edgeCases?: { spam?: boolean } }).edgeCases?.spam)
        .map((c) => c.address),
    );
    const held = new Set(
      manifest.wallets
        .filter((w) => w.network === 'ethereum' && w.address === demo.address)
        .flatMap((w) => (w as { holdings?: Array<{ contract: string }> }).holdings ?? [])
        .map((h) => h.contract),
    );
    const expected = [...held].filter((c) => !spam.has(c));
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(web.system.url);
    await dismissBetaWelcome(page);
    await page.getByTestId('search-type-wallet').click();
    await page.getByTestId('network-select').selectOption('ethereum');
    await page.getByTestId('search-input').fill('demo.eth');
    await page.getByTestId('search-submit').click();

    const list = page.getByTestId('wallet-collections');
    await list.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await list.innerText()).toContain(demo.address.slice(0, 6));
    const rows = page.getByTestId('wallet-collection-row');
    await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
    // Every collection it holds is listed, except a spam airdrop, which the filter hides.
    expect(held.size).toBeGreaterThan(1);
    expect(await rows.count()).toBe(expected.length);
    await page.screenshot({ path: join(TEST_STATE_DIR, 'browser-wallet.png') });
  }, 120_000);
});
