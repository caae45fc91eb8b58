/**
 * npm run screenshots (tsx test/screenshots.ts): every screen of the web app, at 1280×800 (desktop) and 390×844 (phone),
 * saved as PNGs in docs/screenshots/<screen>.<desktop|mobile>.png.
 *
 * It starts what the browser tests start (test/support): a fresh test database and the dev chains
 * of NEXUS_TEST_SLOT (default 0: run it while no test suite of that slot runs), the built API and a
 * worker, and Chromium. Build first: `npm run build` (tsc -b and the web app).
 * The data on screen is made here: submissions and votes, an approved and a rejected one, a promo
 * asset, the promo bar, scans of a dev-chain wallet and collection.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

process.env.NODE_ENV ??= 'test';
const root = resolve(import.meta.dirname, '..');
process.chdir(root);

const { holdScanAnswers, launchChromium, pngImage, returningVisitor } = await import('./support/browser.js');
const { readTestManifest, startSystem } = await import('./support/system.js');
const { deployTestCollection } = await import('./support/test-collections.js');
const { TEST_ADMIN_PASSWORD, TEST_PORT_OFFSET, testPrefix } = await import('./support/test-env.js');
const { default: globalSetup } = await import('./global-setup.mjs');
const { default: globalTeardown } = await import('./global-teardown.mjs');

const OUT = join(root, 'docs', 'screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];
/** Screens wider than their viewport (reported at the end). */
const overflowing: string[] = [];

function log(message: string): void {
  console.log(`[screenshots] ${message}`);
}

/** The admin's session cookie on a context (the real login route). */
async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/admin/authenticate`, {
    data: { password: TEST_ADMIN_PASSWORD },
  });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
  // The web app keeps a flag beside the cookie (SPEC §4), re-verified on load.
  await context.addInitScript(() => window.localStorage.setItem('nexus_admin_authenticated', 'true'));
}

async function must(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
}

/** Submissions in every status, with images and a few votes; a promo asset; the promo bar. */
async function seed(browser: Browser, baseUrl: string): Promise<void> {
  const admin = await browser.newContext({ baseURL: baseUrl });
  await signIn(admin, baseUrl);
  const request = admin.request;
  const names = ['Nexus Lunar Cats', 'Pixel Pilots', 'Deep Sea Drifters', 'Meta Monks'];
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const network = (['polygon', 'ethereum', 'cronos', 'polygon'] as const)[i]!;
    const upload = await request.post('/api/collection-submissions/upload', {
      multipart: {
        banner: { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(1200, 300) },
        logo: {
          name: 'logo.png',
          mimeType: 'image/png',
          buffer: pngImage(200, 200, [236, 72, 153], [250, 204, 21]),
        },
      },
    });
    await must(upload, 'upload');
    const { files } = (await upload.json()) as { files: { banner?: string; logo?: string } };
    const created = await request.post('/api/collection-submissions', {
      data: {
        // Only a real collection can be submitted: one deployed on the dev chain for it.
        contractAddress: await deployTestCollection(network, name),
        network,
        name,
        description: `${name}: a community collection waiting for the Nexus whitelist.`,
        website: 'https://example.com',
        bannerUrl: files.banner,
        logoUrl: files.logo,
      },
    });
    await must(created, 'submission');
    ids.push(((await created.json()) as { submissionId: string }).submissionId);
  }
  // A few voters (each browser has its own fingerprint).
  for (const [i, voteType] of (['yes', 'yes', 'no'] as const).entries()) {
    const vote = await request.post('/api/collection-votes', {
      data: { submissionId: ids[0], voteType, voterFingerprint: (1e9 + i * 7919).toString(36) },
    });
    await must(vote, 'vote');
  }
  for (const [id, status] of [
    [ids[2], 'approved'],
    [ids[3], 'rejected'],
  ] as const) {
    const res = await request.patch(`/api/admin/collection-submissions/${id}`, {
      data: { status, adminNotes: `Marked ${status} for the screenshots` },
    });
    await must(res, 'status');
  }
  const asset = await request.post('/api/promo-assets/upload', {
    multipart: {
      file: {
        name: 'summer-drop.png',
        mimeType: 'image/png',
        buffer: pngImage(640, 360, [14, 165, 233], [34, 197, 94]),
      },
      name: 'summer-drop',
      title: 'Nexus Summer Drop',
      description: 'Mint opens Friday on Polygon.',
      promotionalUrl: 'https://example.com/summer',
    },
  });
  await must(asset, 'promo asset');
  const video = readFileSync(join(root, 'frontend/src/features/vote/assets/vote-background.webm'));
  const settings = await request.put('/api/admin/promo-bar-settings', {
    multipart: {
      settings: JSON.stringify({
        isActive: true,
        videoOpacity: 60,
        buttonText: 'Mint Now',
        buttonLink: 'https://example.com/summer',
        buttonPosition: 'center',
        buttonColor: 'cyan',
      }),
      video: { name: 'promo.webm', mimeType: 'video/webm', buffer: video },
    },
  });
  await must(settings, 'promo bar');
  await admin.close();
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Let entrance transitions end.
  await page.waitForTimeout(400);
}

/** Longest screenshot: a gallery of 50 cards on a phone would be 7,000 px. */
const MAX_HEIGHT = 2400;

/**
 * The page from its top at the viewport's width, down to MAX_HEIGHT; a dialog or the scanner
 * overlay (`overlay`): the viewport as the visitor sees it.
 */
async function shot(page: Page, viewport: Viewport, name: string, overlay = false): Promise<void> {
  await settle(page);
  const path = join(OUT, `${name}.${viewport.name}.png`);
  if (overlay) {
    await page.screenshot({ path, animations: 'disabled' });
  } else {
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path,
      animations: 'disabled',
      fullPage: true,
      clip: {
        x: 0,
        y: 0,
        width: viewport.width,
        height: Math.min(Math.max(height, viewport.height), MAX_HEIGHT),
      },
    });
  }
  log(path.replace(`${root}/`, ''));
  // Layout breakage on a phone shows first as a page wider than the screen.
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  });
  if (overflow.length > 0) {
    overflowing.push(name);
    log(`  wider than the ${viewport.name} screen: ${overflow.join(', ')}`);
  }
}

/**
 * Each page in turn ([path, screenshot name, heading it shows when ready]), shot once the heading is
 * there and `ready` has waited for whatever else that page needs.
 */
async function shotEach(
  page: Page,
  viewport: Viewport,
  pages: ReadonlyArray<readonly [path: string, name: string, heading: string]>,
  ready: (name: string) => Promise<void> = async () => undefined,
): Promise<void> {
  for (const [path, name, heading] of pages) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
    await ready(name);
    await shot(page, viewport, name);
  }
}

async function walk(browser: Browser, baseUrl: string, viewport: Viewport): Promise<void> {
  const manifest = readTestManifest() as ReturnType<typeof readTestManifest> & {
    ens?: { names: Array<{ name: string; address: string }> };
  };
  const size = { width: viewport.width, height: viewport.height };

  // A first visit: the beta welcome.
  const first = await browser.newContext({ viewport: size, baseURL: baseUrl });
  const welcome = await first.newPage();
  await welcome.goto('/');
  await welcome.getByTestId('beta-welcome').waitFor();
  await shot(welcome, viewport, 'beta-welcome', true);
  await first.close();

  const context = await returningVisitor(browser, { ...size, baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('featured-card').first().waitFor({ timeout: 60_000 });
  await shot(page, viewport, 'home');
  for (const tab of ['vote', 'trending', 'search'] as const) {
    await page.getByTestId(`tab-${tab}`).click();
    await shot(page, viewport, `home-${tab}`);
  }

  // The wallet scanner, its promo and countdown: the answer is held until the screenshot is taken.
  const wallet =
    manifest.ens?.names.find((n) => n.name === 'demo.eth')?.address ?? manifest.wallets[0]!.address;
  const release = await holdScanAnswers(page);
  await page.goto('/');
  await page.getByTestId('tab-search').click();
  await page.getByTestId('search-type-wallet').click();
  await page.getByTestId('network-select').selectOption('ethereum');
  await page.getByTestId('search-input').fill(wallet);
  await page.getByTestId('search-submit').click();
  await page.getByTestId('promo-player').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await shot(page, viewport, 'scanner-wallet', true);
  release();
  await page.getByTestId('wallet-collections').waitFor({ timeout: 120_000 });
  await page.unroute('**/api/nfts');
  await shot(page, viewport, 'wallet-collections');
  // The wallet's activity across its collections, and since when it holds each NFT.
  await page.getByTestId('wallet-tab-activity').click();
  await page.getByTestId('activity-row').first().waitFor({ timeout: 60_000 });
  await shot(page, viewport, 'wallet-activity');
  await page.getByTestId('wallet-tab-held').click();
  await page.getByTestId('wallet-held-row').first().waitFor({ timeout: 60_000 });
  await shot(page, viewport, 'wallet-held');
  await page.getByTestId('wallet-tab-collections').click();

  // The same wallet on all networks at once: a section per network.
  await page.goto(`/?view=wallets&address=${wallet}`);
  await page
    .locator('[data-testid="all-networks-section"]:not([data-state="scanning"])')
    .nth(2)
    .waitFor({ timeout: 120_000 });
  await shot(page, viewport, 'wallet-all-networks');

  // A collection: gallery, traits, NFT dialog.
  const collection = manifest.collections
    .filter((c) => c.standard === 'ERC-721' && c.totalSupply > 100)
    .sort((a, b) => a.totalSupply - b.totalSupply)[0]!;
  await page.goto(`/?view=collection&network=${collection.network}&address=${collection.address}`);
  await page.getByTestId('nft-card').first().waitFor({ timeout: 180_000 });
  await page
    .getByTestId('rarity-ranked')
    .waitFor({ timeout: 120_000 })
    .catch(() => undefined);
  await shot(page, viewport, 'collection-gallery');
  await page.getByTestId('trait-filter-toggle').click();
  await shot(page, viewport, 'collection-traits');
  await page.getByTestId('trait-filter-toggle').click();
  await page.getByTestId('nft-card').first().click();
  await page.getByRole('dialog').waitFor();
  await shot(page, viewport, 'nft-detail', true);
  // What a block explorer shows: contract, token and owner, the token URI and raw metadata.
  await page.getByTestId('nft-raw-metadata').locator('summary').click();
  await page.getByTestId('nft-metadata-text').waitFor({ timeout: 30_000 });
  await page.getByTestId('nft-chain').scrollIntoViewIfNeeded();
  await shot(page, viewport, 'nft-detail-on-chain', true);
  // Who holds it and how it got there: the transfer index of the dev chain.
  await page.getByTestId('nft-ownership').getByTestId('activity-row').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('nft-ownership').scrollIntoViewIfNeeded();
  await shot(page, viewport, 'nft-detail-ownership', true);
  await page.keyboard.press('Escape');
  // The collection's activity feed and its holders.
  await page.getByTestId('collection-tab-activity').click();
  await page
    .getByTestId('collection-activity')
    .getByTestId('activity-row')
    .first()
    .waitFor({ timeout: 60_000 });
  await shot(page, viewport, 'collection-activity');
  await page.getByTestId('collection-tab-holders').click();
  await page.getByTestId('top-holder').first().waitFor({ timeout: 60_000 });
  await shot(page, viewport, 'collection-holders');
  await page.getByTestId('collection-tab-nfts').click();

  await shotEach(
    page,
    viewport,
    [
      ['/submit-collection', 'submit-collection', 'Submit Collection for Whitelist'],
      ['/vote', 'vote', 'Community Voting'],
      ['/donate', 'donate', 'Support The Nexus'],
      ['/admin', 'admin-login', 'Admin Authentication'],
      ['/admin/collections', 'admin-access-required', 'Admin Access Required'],
      ['/no-such-page', 'not-found', '404 Page Not Found'],
    ],
    async (name) => {
      if (name === 'vote') await page.getByTestId('voting-card').first().waitFor();
      if (name === 'donate') await page.getByTestId('donation-card').first().waitFor();
    },
  );

  // The submission form filled in, then its success screen.
  await page.goto('/submit-collection');
  await page.getByLabel('Contract Address').fill(await deployTestCollection('polygon'));
  await page.getByLabel('Collection Name').fill(`Screenshot Squad ${viewport.name}`);
  await page.getByLabel('Description').fill('A collection made to show the submission form.');
  await page.locator('#submission-banner').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: pngImage(1200, 300),
  });
  await page.getByAltText('Banner Image preview').waitFor();
  await shot(page, viewport, 'submit-collection-filled');
  await page.getByRole('button', { name: 'Submit for Community Voting' }).click();
  await page
    .getByRole('heading', { name: 'Collection Submitted Successfully!' })
    .waitFor({ timeout: 30_000 });
  await shot(page, viewport, 'submit-collection-success');
  await context.close();

  // The admin, signed in.
  const adminContext = await returningVisitor(browser, { ...size, baseURL: baseUrl });
  await signIn(adminContext, baseUrl);
  const admin = await adminContext.newPage();
  await shotEach(admin, viewport, [
    ['/admin', 'admin-dashboard', 'Admin Dashboard'],
    ['/admin/collections', 'admin-collections', 'Collection Management'],
    ['/admin/promo', 'admin-promo', 'Promotional Assets'],
    ['/admin/promo-bar', 'admin-promo-bar', 'Promo Bar Settings'],
    ['/admin/cache', 'admin-cache', 'Cache Management'],
    ['/admin/security', 'admin-security', 'API Security'],
  ]);
  await admin.goto('/admin/promo');
  await admin.getByRole('tab', { name: 'Overview' }).click();
  await shot(admin, viewport, 'admin-promo-overview');
  await admin.goto('/admin');
  await admin.getByRole('button', { name: '+ Add Collection' }).click();
  await admin.getByRole('dialog').waitFor();
  await shot(admin, viewport, 'admin-whitelist-add', true);
  await adminContext.close();
}

mkdirSync(OUT, { recursive: true });
log('test database and dev chains…');
await globalSetup();
let system: Awaited<ReturnType<typeof startSystem>> | undefined;
let browser: Browser | undefined;
let failed = false;
try {
  system = await startSystem({
    prefix: testPrefix('screenshots'),
    port: 3290 + TEST_PORT_OFFSET,
    workers: 1,
  });
  browser = await launchChromium();
  await seed(browser, system.url);
  for (const viewport of VIEWPORTS) await walk(browser, system.url, viewport);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (overflowing.length > 0) log(`wider than the screen: ${overflowing.join(', ')}`);
  await browser?.close();
  await system?.stop();
  await globalTeardown();
}
process.exit(failed ? 1 : 0);
