import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CollectionSubmission, PromoBarSettings } from '@nexus/contract';
import request from 'supertest';
import { adminCookie } from '../support/admin-session.js';
import { insideViewport, loaded, pngImage, signInAsAdmin, toastText } from '../support/browser.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { readTestManifest } from '../support/system.js';
import { TEST_PORT_OFFSET, TEST_ROOT, TEST_STATE_DIR, testPrefix } from '../support/test-env.js';

const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

/** The widths the issue was found at: a laptop and a phone. */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A real WebM the web app ships (the vote page's background): the promo bar video. */
const WEBM = readFileSync(resolve(TEST_ROOT, 'frontend/src/features/vote/assets/vote-background.webm'));

const LONG_DESCRIPTION =
  'Genesis critters of the Cronos test chain, minted in five batches to five collectors. ' +
  'Each one carries a background, a body and a rare hat, and the community decides whether ' +
  'they belong among the featured collections of Nexus. This text is long on purpose.';

maybe('visitor fixes in Chromium (promo bar, vote cards, small lies, 404)', () => {
  const web = useBrowserSystem({
    prefix: testPrefix('visitor-fixes'),
    port: 3291 + TEST_PORT_OFFSET,
    workers: 1,
  });
  let cookie: string;

  const visitor = (viewport: { width: number; height: number } = VIEWPORTS[0]) => web.visitor(viewport);
  const api = () => request(web.system.url);
  const savePromoBar = (settings: Partial<PromoBarSettings> & { removeVideo?: boolean }, video?: Buffer) => {
    const req = api().put('/api/admin/promo-bar-settings').set('Cookie', cookie);
    if (video) void req.attach('video', video, { filename: 'bar.webm', contentType: 'video/webm' });
    return req.field('settings', JSON.stringify(settings));
  };

  beforeAll(async () => {
    cookie = await adminCookie(web.system.url);
  });

  // A page left open goes on polling (trending searches, stats) and would fill the cache again under
  // the next test: each test's visitors leave with it.
  afterEach(() => web.closeVisitors());

  describe('promo bar', () => {
    it.each(VIEWPORTS)(
      'shows button text without a link as a label, not an empty box ($name)',
      async (viewport) => {
        await savePromoBar({
          isActive: true,
          buttonText: 'Season two is here',
          buttonLink: '',
          buttonPosition: 'center',
          buttonColor: 'green',
        }).expect(200);
        const page = await (await visitor(viewport)).newPage();
        await page.goto('/');
        const bar = page.getByTestId('promo-bar');
        await bar.waitFor({ timeout: 30_000 });
        const label = page.getByTestId('promo-bar-text');
        await label.waitFor();
        expect(await label.innerText()).toBe('Season two is here');
        // Text, not a link that leads nowhere.
        expect(await bar.locator('a').count()).toBe(0);
        expect(await insideViewport(page, '[data-testid="promo-bar-text"]')).toBe(true);
        await page.screenshot({ path: join(TEST_STATE_DIR, `visitor-promo-bar-${viewport.name}.png`) });
      },
      60_000,
    );

    it("removes the background video from /admin/promo-bar, which shows the video's kind, not its address", async () => {
      const withVideo = (
        await savePromoBar({ isActive: true, buttonText: 'Watch', buttonLink: '' }, WEBM).expect(200)
      ).body as PromoBarSettings;
      expect(withVideo.videoUrl).toMatch(/\.webm$/);

      const page = await (await visitor()).newPage();
      await signInAsAdmin(page);
      await page.goto('/admin/promo-bar');
      const current = page.getByTestId('promo-bar-current-video');
      await current.waitFor({ timeout: 30_000 });
      const text = await current.innerText();
      expect(text).toContain('Current video: Uploaded WEBM video');
      expect(text).not.toContain('/api/');
      expect(await page.getByTestId('promo-bar-current-video-preview').getAttribute('src')).toBe(
        withVideo.videoUrl,
      );

      await page.getByRole('button', { name: 'Remove video' }).click();
      expect(await current.innerText()).toContain('removed when you save');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect(await toastText(page, 'Promo bar settings updated successfully')).toContain('Success');
      await page.getByText('Current video: none').waitFor();

      const saved = (await api().get('/api/promo-bar-settings').expect(200)).body as PromoBarSettings;
      expect(saved).toMatchObject({ isActive: true, buttonText: 'Watch', videoUrl: '' });
      await api().get(withVideo.videoUrl).expect(404);

      // Visitors see the bar without a video.
      const home = await (await visitor()).newPage();
      await home.goto('/');
      await home.getByTestId('promo-bar').waitFor({ timeout: 30_000 });
      expect(await home.getByTestId('promo-bar-video').count()).toBe(0);
      await savePromoBar({ isActive: false }).expect(200);
    }, 90_000);
  });

  describe('vote cards', () => {
    let submission: CollectionSubmission;

    beforeAll(async () => {
      const manifest = readTestManifest();
      const collection = manifest.collections.find((c) => c.name === 'Nexus Cronos Genesis')!;
      const upload = await api()
        .post('/api/collection-submissions/upload')
        .attach('banner', pngImage(1200, 300), { filename: 'banner.png', contentType: 'image/png' })
        .attach('logo', pngImage(200, 200, [236, 72, 153], [250, 204, 21]), {
          filename: 'logo.png',
          contentType: 'image/png',
        });
      expect(upload.status).toBe(201);
      const files = (upload.body as { files: { banner: string; logo: string } }).files;
      const created = await api().post('/api/collection-submissions').send({
        name: 'Genesis Critters',
        network: collection.network,
        contractAddress: collection.address,
        description: LONG_DESCRIPTION,
        bannerUrl: files.banner,
        logoUrl: files.logo,
      });
      expect(created.status).toBe(201);
      submission = (created.body as { submission: CollectionSubmission }).submission;
    }, 60_000);

    it.each(VIEWPORTS)(
      'show the submitted banner and logo, fold a long description, and link to the gallery ($name)',
      async (viewport) => {
        const page = await (await visitor(viewport)).newPage();
        await page.goto('/vote');
        const card = page.getByTestId('voting-card').filter({ hasText: 'Genesis Critters' });
        await card.waitFor({ timeout: 30_000 });
        const banner = card.getByTestId('submission-banner');
        const logo = card.getByTestId('submission-logo');
        expect(await banner.getAttribute('src')).toBe(submission.bannerUrl);
        expect(await logo.getAttribute('src')).toBe(submission.logoUrl);
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('[data-testid="voting-card"] img')].every(
              (img) => img.complete && img.naturalWidth > 0,
            ),
          undefined,
          { timeout: 60_000 },
        );
        expect(await loaded(page, '[data-testid="submission-banner"]')).toBe(true);
        expect(
          await insideViewport(page, '[data-testid="voting-card"] [data-testid="submission-banner"]'),
        ).toBe(true);

        // The long description is folded to a few lines, and 'Show more' opens it.
        const description = card.getByTestId('submission-description');
        const folded = (await description.boundingBox())!.height;
        await card.getByRole('button', { name: 'Show more' }).click();
        await card.getByRole('button', { name: 'Show less' }).waitFor();
        expect((await description.boundingBox())!.height).toBeGreaterThan(folded);
        await page.screenshot({ path: join(TEST_STATE_DIR, `visitor-vote-card-${viewport.name}.png`) });

        // 'View Collection' opens the collection's gallery view.
        await card.getByTestId('submission-gallery-link').click();
        await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('view') === 'collection');
        const url = new URL(page.url());
        expect(url.searchParams.get('network')).toBe(submission.network);
        expect(url.searchParams.get('address')).toBe(submission.contractAddress.toLowerCase());
        await page
          .locator('[data-testid="nft-card"], [data-testid="scan-pending"], [data-testid="scan-overlay"]')
          .first()
          .waitFor({ timeout: 60_000 });
      },
      120_000,
    );

    it('show the banner, logo and gallery link on the admin review card', async () => {
      const page = await (await visitor()).newPage();
      await signInAsAdmin(page);
      await page.goto('/admin/collections');
      const card = page.getByTestId('submission-admin-card').filter({ hasText: 'Genesis Critters' });
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('submission-banner').getAttribute('src')).toBe(submission.bannerUrl);
      expect(await card.getByTestId('submission-logo').getAttribute('src')).toBe(submission.logoUrl);
      expect(await card.getByTestId('submission-gallery-link').getAttribute('href')).toBe(
        `/?view=collection&network=${submission.network}&address=${submission.contractAddress.toLowerCase()}`,
      );
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('[data-testid="submission-admin-card"] img')].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        undefined,
        { timeout: 60_000 },
      );
      expect(await card.getByRole('button', { name: 'Show more' }).count()).toBe(1);
    }, 60_000);
  });

  describe('small lies', () => {
    /** A search for Nexus Polygon Passes: 200 with its answer, or 202 while its scan runs. */
    const searchPasses = () => {
      const passes = readTestManifest().collections.find((c) => c.name === 'Nexus Polygon Passes')!;
      return api()
        .post('/api/nfts')
        .send({ address: passes.address, network: passes.network, searchType: 'collection' });
    };

    it("follows the server's count of searches in 'Total Searches'", async () => {
      const search = () =>
        searchPasses()
          // 202: the first scan outlived the wait; the search is counted either way.
          .expect((res) => expect([200, 202]).toContain(res.status));
      await search();
      const page = await (await visitor()).newPage();
      const trendingRead = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/trending-searches',
      );
      await page.goto('/');
      const tile = page.getByTestId('stat-searches');
      await tile.waitFor({ timeout: 30_000 });
      await trendingRead;
      await page.waitForTimeout(500);
      // What the page shows first (the server keeps its count for up to 30 s, so it may not have the
      // search above yet); the tile must then follow the server as the count grows.
      const first = Number((await tile.innerText()).replace(/\D/g, ''));
      await search();
      await search();
      // The visitor comes back to the tab now and then (and the page polls on its own meanwhile).
      let shown = first;
      for (let i = 0; i < 30 && shown < first + 2; i++) {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        await page.waitForTimeout(3000);
        shown = Number((await tile.innerText()).replace(/\D/g, ''));
      }
      expect(shown).toBeGreaterThanOrEqual(first + 2);
    }, 150_000);

    it("shows the cache's entries fall to 0 after 'Clear All Cache', apart from the stored rows", async () => {
      // Something is cached: the whitelist and a scan answer. The scan the searches above started
      // has ended first (its answer 200): on a loaded machine it could otherwise end, and cache its
      // answer, after the clear.
      for (let tries = 0; (await searchPasses()).status !== 200; tries++) {
        if (tries >= 40) throw new Error('the scan of Nexus Polygon Passes did not end in 120 s');
        await new Promise((done) => setTimeout(done, 3000));
      }
      await api().get('/api/whitelisted-collections').expect(200);
      const page = await (await visitor()).newPage();
      await signInAsAdmin(page);
      await page.goto('/admin/cache');
      const entries = page.getByTestId('cache-entries');
      await entries.waitFor({ timeout: 30_000 });
      expect(Number((await entries.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
      expect(await page.getByTestId('cache-note').innerText()).toContain('stay in the database');
      const stored = await page.getByTestId('cache-nfts').innerText();

      await page.getByRole('button', { name: 'Clear All Cache' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Clear Cache' }).click();
      expect(await toastText(page, 'Cache cleared')).toContain('removed');
      await page
        .waitForFunction(
          () => document.querySelector('[data-testid="cache-entries"]')?.textContent === '0',
          undefined,
          { timeout: 30_000 },
        )
        .catch(async (error: unknown) => {
          throw new Error(`${String(error)}: the page still shows ${await entries.innerText()} entries`);
        });
      expect(await page.getByTestId('cache-nfts').innerText()).toBe(stored);
    }, 60_000);

    it.each(VIEWPORTS)(
      'shows the ENS name searched with its address in the wallet header ($name)',
      async (viewport) => {
        const manifest = readTestManifest() as ReturnType<typeof readTestManifest> & {
          ens: { names: Array<{ name: string; address: string }> };
        };
        const demo = manifest.ens.names.find((n) => n.name === 'demo.eth')!;
        const page = await (await visitor(viewport)).newPage();
        await page.goto('/');
        await page.getByTestId('search-type-wallet').click();
        await page.getByTestId('network-select').selectOption('ethereum');
        await page.getByTestId('search-input').fill('demo.eth');
        await page.getByTestId('search-submit').click();
        const header = page.getByTestId('wallet-collections');
        await header.waitFor({ timeout: 90_000 });
        const name = page.getByTestId('wallet-ens-name');
        await name.waitFor();
        expect(await name.innerText()).toBe('demo.eth');
        expect(await header.innerText()).toContain(demo.address.slice(0, 6));
        expect(await insideViewport(page, '[data-testid="wallet-ens-name"]')).toBe(true);
        await page.screenshot({ path: join(TEST_STATE_DIR, `visitor-wallet-ens-${viewport.name}.png`) });
      },
      120_000,
    );

    it.each(VIEWPORTS)(
      'answers an unknown page with 404 and a page for visitors, with a way home ($name)',
      async (viewport) => {
        const page = await (await visitor(viewport)).newPage();
        const missing = await page.goto('/no-such-page');
        expect(missing?.status()).toBe(404);
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        const hint = await page.getByTestId('not-found-hint').innerText();
        expect(hint).not.toMatch(/router/i);
        expect(hint).toContain('home page');
        await page.screenshot({ path: join(TEST_STATE_DIR, `visitor-404-${viewport.name}.png`) });
        await page.getByRole('link', { name: 'Back to Home' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByTestId('search-input').waitFor();

        // The app's own pages and views stay 200.
        for (const path of ['/vote', '/admin/cache', '/?view=wallet&network=ethereum&address=demo.eth']) {
          expect([path, (await page.goto(path))?.status()]).toEqual([path, 200]);
        }
      },
      60_000,
    );
  });
});
