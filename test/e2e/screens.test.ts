// Over 400 lines for that reason: every screen of the SPEC is a flow in Chromium against one started system;
// a second file would start the system and the browser again.
import type { Page } from 'playwright-core';
import { NEXUS_DONATION_ADDRESSES } from '../../backend/src/platform/config/donation-address.js';
import {
  holdScanAnswers,
  pngImage,
  randomContractAddress,
  signInAsAdmin,
  toastText,
} from '../support/browser.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { readTestManifest } from '../support/system.js';
import { deployTestCollection } from '../support/test-collections.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/**
 * The community, admin, promo and donate screens of SPEC §2 in Chromium, against the built API,
 * workers and dev chains (issue: every screen of the SPEC). Each flow is what a visitor or the admin
 * does with the mouse and keyboard; what the server stored is read back through the screens.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const ADMIN_SUBPAGES = [
  '/admin/collections',
  '/admin/promo',
  '/admin/promo-bar',
  '/admin/cache',
  '/admin/security',
];

/** SPEC §9 gallery page size. */
const GALLERY_PAGE_SIZE = 50;

interface GalleryViewSnapshot {
  url: string;
  params: URLSearchParams;
  /** The count badge: 'filtered / total'. */
  count: string;
  /** Token ids of the cards on screen, in order. */
  cards: string[];
  sort: string;
}

async function readView(page: Page): Promise<GalleryViewSnapshot> {
  await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
  const url = page.url();
  return {
    url,
    params: new URL(url).searchParams,
    count: (await page.getByTestId('gallery-count').innerText()).trim(),
    cards: await page
      .getByTestId('nft-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-token-id') ?? '')),
    sort: await page.getByTestId('gallery-sort').inputValue(),
  };
}

/** The page shows the view of `expected`: same address, count, sort and cards in the same order. */
async function expectView(page: Page, expected: GalleryViewSnapshot, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen: GalleryViewSnapshot | null = null;
  while (Date.now() < deadline) {
    seen = await readView(page).catch(() => null);
    if (
      seen &&
      seen.url === expected.url &&
      seen.count === expected.count &&
      seen.sort === expected.sort &&
      seen.cards.join(',') === expected.cards.join(',')
    )
      return;
    await page.waitForTimeout(200);
  }
  expect({ url: seen?.url, count: seen?.count, sort: seen?.sort, cards: seen?.cards }).toEqual({
    url: expected.url,
    count: expected.count,
    sort: expected.sort,
    cards: expected.cards,
  });
}

maybe('the screens of the SPEC in Chromium (real API, workers and chains)', () => {
  const web = useBrowserSystem({ prefix: testPrefix('screens'), port: 3240 + TEST_PORT_OFFSET, workers: 1 });
  /** A visitor's browser: its own storage (fingerprint, flags) and cookies. */
  const visitor = web.visitor;

  it("shows 'Admin Access Required' on every admin subpage without a session", async () => {
    const page = await (await visitor()).newPage();
    for (const path of ADMIN_SUBPAGES) {
      await page.goto(path);
      const notice = page.getByTestId('admin-access-required');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Admin Access Required');
    }
    // Its link leads to the login.
    await page.getByRole('link', { name: 'Go to Admin Login' }).click();
    await page.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    // A wrong password is refused with SPEC's words, and no subpage opens.
    await page.getByTestId('admin-password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await toastText(page, 'Invalid password')).toContain('Invalid password');
    await page.goto('/admin/collections');
    await page.getByTestId('admin-access-required').waitFor();
  });

  it("loads no admin code on a visitor's first visit, only once /admin is opened", async () => {
    const page = await (await visitor()).newPage();
    const scripts: Array<{ url: string; body: string }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        void response.text().then((body) => scripts.push({ url: response.url(), body }));
    });
    await page.goto('/');
    await page.getByTestId('featured-card').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.url).not.toMatch(/admin/);
      expect(script.body).not.toContain('Admin Authentication');
    }
    // Client-side navigation to /admin fetches its chunk then (awaited as such: the bodies above are
    // read after their responses, a loaded machine later still).
    const adminChunk = page.waitForResponse(
      (response) =>
        response.request().resourceType() === 'script' && /admin/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
    expect((await adminChunk).ok()).toBe(true);
  });

  it('scrolls the featured collections by itself, and stands still for a visitor who prefers less motion', async () => {
    const positions = async (page: Page) => {
      await page.getByTestId('featured-card').first().waitFor({ timeout: 30_000 });
      const viewport = page.getByTestId('featured-carousel-viewport');
      const first = await viewport.evaluate((element) => element.scrollLeft);
      await page.waitForTimeout(1500);
      return [first, await viewport.evaluate((element) => element.scrollLeft)] as const;
    };
    const moving = await (await visitor({ reducedMotion: 'no-preference' })).newPage();
    await moving.goto('/');
    const [from, to] = await positions(moving);
    expect(to).not.toBe(from);
    await moving.close();

    const still = await (await visitor()).newPage();
    await still.goto('/');
    const [before, after] = await positions(still);
    expect(after).toBe(before);
  });

  it('moves between the home tabs with the arrow keys', async () => {
    const page = await (await visitor()).newPage();
    await page.goto('/');
    const featured = page.getByTestId('tab-featured');
    await featured.focus();
    // Each key press renders before the next is read (a busy machine renders late, not wrongly).
    const selected = (id: string) => page.locator(`[data-testid="${id}"][aria-selected="true"]`).waitFor();
    await page.keyboard.press('ArrowRight');
    await selected('tab-vote');
    await page.getByTestId('vote-widget').waitFor();
    await page.keyboard.press('ArrowLeft');
    await selected('tab-featured');
    await page.keyboard.press('ArrowLeft');
    // It wraps: left of the first tab is the last, 'Advanced Search'.
    await selected('tab-search');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tab-search');
  });

  it('submits a collection with images, which opens for voting; one vote per browser', async () => {
    const context = await visitor();
    const page = await context.newPage();
    const name = `Screens Test Apes ${Date.now()}`;
    // Only a real collection can be submitted: one deployed on the test chain for this test.
    const contract = await deployTestCollection('cronos', name);

    await page.goto('/submit-collection');
    await page.getByRole('heading', { name: 'Submit Collection for Whitelist' }).waitFor();
    // Nothing filled in: the contract's messages, nothing sent.
    await page.getByRole('button', { name: 'Submit for Community Voting' }).click();
    await page.getByText('Contract address is required').waitFor();
    await page.getByText('Collection name is required').waitFor();

    await page.getByLabel('Contract Address').fill(contract);
    await page.getByLabel('Network').selectOption('cronos');
    await page.getByLabel('Collection Name').fill(name);
    await page.getByLabel('Description').fill('Apes that only exist for this test.');
    // Not an image: refused with SPEC §5's toast, nothing kept.
    await page.locator('#submission-banner').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    expect(await toastText(page, 'Invalid File')).toContain(
      'Please select an image file (PNG, JPG, GIF, WebP)',
    );
    await page.locator('#submission-banner').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: pngImage(1200, 300),
    });
    await page.locator('#submission-logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage(200, 200, [236, 72, 153], [250, 204, 21]),
    });
    // Both previews show; Remove drops one and brings the picker back.
    await page.getByAltText('Banner Image preview').waitFor();
    await page.getByAltText('Logo Image preview').waitFor();
    await page.getByRole('button', { name: 'Remove logo image' }).click();
    await page.locator('#submission-logo').waitFor({ state: 'attached' });
    await page.locator('#submission-logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage(200, 200, [236, 72, 153], [250, 204, 21]),
    });
    await page.getByAltText('Logo Image preview').waitFor();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') uploads.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: 'Submit for Community Voting' }).click();
    await page
      .getByRole('heading', { name: 'Collection Submitted Successfully!' })
      .waitFor({ timeout: 30_000 });
    const submissionId = (await page.getByTestId('submission-id').innerText()).trim();
    expect(submissionId).not.toBe('');
    // The images went up first, then the submission.
    expect(uploads.filter((path) => path.startsWith('/api/')).length).toBeGreaterThanOrEqual(2);
    await page.getByText('What happens next?').waitFor();

    // It is open for voting on /vote, with no vote yet.
    await page.getByRole('link', { name: 'View Voting' }).click();
    const card = page.getByTestId('voting-card').filter({ hasText: name });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain('0 votes');
    expect(await card.innerText()).toContain('Active');
    // Its banner and logo were stored: the admin card of the next test shows them; here the voter
    // votes yes, the buttons read 'Voted' and the count rises.
    await card.getByRole('button', { name: 'Vote Yes' }).click();
    expect(await toastText(page, 'Vote Recorded!')).toContain('Vote Recorded!');
    await card.getByText('✓ You have voted on this submission').waitFor();
    await card.getByText('1 vote', { exact: true }).waitFor();
    expect(await card.innerText()).toContain('Yes 1');
    for (const button of await card.getByRole('button').all()) {
      expect(await button.innerText()).toBe('Voted');
      expect(await button.isDisabled()).toBe(true);
    }

    // A reload remembers it (the server's check of this browser's fingerprint).
    await page.reload();
    const again = page.getByTestId('voting-card').filter({ hasText: name });
    await again.getByText('✓ You have voted on this submission').waitFor({ timeout: 30_000 });
    expect(await again.getByRole('button', { name: 'Voted' }).first().isDisabled()).toBe(true);

    // A second vote from this browser, sent anyway, is refused, and the count stays.
    const second = await page.evaluate(async (submissionId) => {
      const response = await fetch('/api/collection-votes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          submissionId,
          voteType: 'no',
          voterFingerprint: window.localStorage.getItem('votingFingerprint'),
        }),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    }, submissionId);
    expect(second.status).toBe(409);
    expect(second.body.message).toBeTruthy();
    await page.reload();
    const after = page.getByTestId('voting-card').filter({ hasText: name });
    await after.waitFor({ timeout: 30_000 });
    expect(await after.innerText()).toContain('1 vote');
    expect(await after.innerText()).toContain('No 0');

    // Another voter (another browser language: another fingerprint, SPEC §3) may vote, and the
    // count rises again.
    const other = await (await visitor({ locale: 'de-DE' })).newPage();
    await other.goto('/vote');
    const theirs = other.getByTestId('voting-card').filter({ hasText: name });
    await theirs.getByRole('button', { name: 'Vote No' }).click();
    await theirs.getByText('2 votes', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await theirs.innerText()).toContain('No 1');

    // The admin approves it: it joins the whitelist and the home page's featured collections.
    const admin = await (await visitor()).newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: /Collection Management/ }).click();
    await admin.getByRole('heading', { name: 'Collection Management' }).waitFor();
    const review = admin.getByTestId('submission-admin-card').filter({ hasText: name });
    await review.waitFor({ timeout: 30_000 });
    expect(await review.getByTestId('status-badge').innerText()).toBe('Voting');
    const update = review.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    // Voting still runs with 2 of 50 votes: neither Auto-Approve nor 'Will Pass'.
    expect(await review.getByRole('button', { name: 'Auto-Approve' }).count()).toBe(0);
    expect(await review.getByTestId('will-pass').count()).toBe(0);
    await review.getByLabel('Status').selectOption('approved');
    await review.getByLabel('Admin Notes').fill('Approved by the screens test');
    expect(await update.isDisabled()).toBe(false);
    await update.click();
    expect(await toastText(admin, 'Submission Updated')).toContain(
      'Collection submission has been updated successfully.',
    );
    await admin.getByRole('tab', { name: /Approved/ }).click();
    const approved = admin.getByTestId('submission-admin-card').filter({ hasText: name });
    await approved.waitFor();
    expect(await approved.getByTestId('status-badge').innerText()).toBe('Approved');
    expect(await approved.innerText()).toContain('by Admin');

    await admin.goto('/admin');
    await admin.getByLabel('Search whitelisted collections').fill(name);
    const row = admin.getByTestId('whitelist-row').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    expect((await row.innerText()).toLowerCase()).toContain(contract.toLowerCase().slice(0, 6));

    // A visitor's home shows it among the featured collections, and it left the voting list.
    await page.goto('/');
    await page.getByTestId('quick-search').fill(name);
    await page.getByTestId('featured-card').filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
    await page.goto('/vote');
    await page.getByRole('heading', { name: /Community Voting/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('voting-card').filter({ hasText: name }).count()).toBe(0);
  }, 180_000);

  it('saves the promo bar, which then shows on home', async () => {
    const admin = await (await visitor()).newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/promo-bar');
    await admin.getByRole('heading', { name: 'Promo Bar Settings' }).waitFor();
    const active = admin.getByRole('switch', { name: 'Active' });
    await active.waitFor();
    if ((await active.getAttribute('aria-checked')) !== 'true') await active.click();
    await admin.getByTestId('promo-bar-preview').waitFor();
    await admin.getByLabel('Button Text').fill('Mint the Apes');
    await admin.getByLabel('Button Link').fill('https://example.com/apes');
    // The options are labels around visually hidden radios: a visitor clicks the label.
    await admin.getByText('Right', { exact: true }).click();
    await admin.getByText('Purple', { exact: true }).click();
    expect(await admin.getByLabel('Purple').isChecked()).toBe(true);
    // The preview follows the edits before they are saved.
    expect(await admin.getByTestId('promo-bar-preview').innerText()).toContain('Mint the Apes');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    expect(await toastText(admin, 'Promo bar settings updated successfully')).toContain(
      'Promo bar settings updated successfully',
    );

    const page = await (await visitor()).newPage();
    await page.goto('/');
    const bar = page.getByTestId('promo-bar');
    await bar.waitFor({ timeout: 30_000 });
    const button = page.getByTestId('promo-bar-button');
    expect(await button.innerText()).toBe('Mint the Apes');
    expect(await button.getAttribute('href')).toBe('https://example.com/apes');
    expect(await bar.getAttribute('class')).toContain('promo-bar--right');
    expect(await button.getAttribute('class')).toContain('promo-bar__button--purple');
  }, 120_000);

  it("shows an uploaded promo asset in the wallet scanner, with the 10 s countdown and 'Skip & Show Results'", async () => {
    const admin = await (await visitor()).newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/promo');
    const title = `Nexus Summer Drop ${Date.now()}`;
    await admin.getByTestId('promo-file').setInputFiles({
      name: 'summer-drop.png',
      mimeType: 'image/png',
      buffer: pngImage(640, 360, [14, 165, 233], [34, 197, 94]),
    });
    await admin.getByLabel('Name *').fill('summer-drop');
    await admin.getByLabel('Title').fill(title);
    await admin.getByRole('button', { name: 'Upload Asset' }).click();
    const asset = admin.getByTestId('promo-asset').filter({ hasText: 'summer-drop' });
    await asset.waitFor({ timeout: 30_000 });
    expect(await asset.innerText()).toContain('LIVE');

    // A wallet scan whose answer the test holds back, so the scan lasts as long as it needs.
    const manifest = readTestManifest();
    const wallet = manifest.wallets.find((w) => w.network === 'ethereum')!;
    const page = await (await visitor()).newPage();
    const release = await holdScanAnswers(page);
    // The page itself notes the countdown's first words and when Skip appears: read from here,
    // a loaded machine can take seconds between the promo showing and the test looking at it.
    await page.addInitScript(() => {
      const seen: { first?: string; countdownAt?: number; skipAt?: number } = {};
      (window as unknown as { __countdown: typeof seen }).__countdown = seen;
      new MutationObserver(() => {
        const countdown = document.querySelector('[data-testid="skip-countdown"]');
        if (countdown && seen.first === undefined) {
          seen.first = countdown.textContent ?? '';
          seen.countdownAt = performance.now();
        }
        if (document.querySelector('[data-testid="scan-skip"]') && seen.skipAt === undefined) {
          seen.skipAt = performance.now();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/');
    await page.getByTestId('search-type-wallet').click();
    await page.getByTestId('network-select').selectOption('ethereum');
    await page.getByTestId('search-input').fill(wallet.address);
    await page.getByTestId('search-submit').click();

    const overlay = page.getByTestId('scan-overlay');
    await overlay.waitFor({ timeout: 30_000 });
    // The promo shows at once, with its title; Skip waits for the countdown from 10.
    const promo = overlay.getByTestId('promo-player');
    await promo.waitFor();
    expect(await promo.innerText()).toContain(title);
    // The image comes from our server and loads.
    const image = promo.locator('img');
    expect(await image.getAttribute('src')).toMatch(/^\//);
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="promo-player"] img');
        return img !== null && img.complete && img.naturalWidth === 640;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(await overlay.getByTestId('scan-skip').count()).toBe(0);
    const skip = overlay.getByTestId('scan-skip');
    await skip.waitFor({ timeout: 20_000 });
    expect(await skip.innerText()).toBe('Skip & Show Results');
    // It counted from 10, and Skip came no sooner than the countdown allows.
    const seen = await page.evaluate(
      () =>
        (window as unknown as { __countdown: { first?: string; countdownAt?: number; skipAt?: number } })
          .__countdown,
    );
    expect(seen.first).toBe('Skip in 10s');
    expect(seen.skipAt! - seen.countdownAt!).toBeGreaterThanOrEqual(9_000);
    await skip.click();
    await overlay.waitFor({ state: 'detached' });
    // Skipped: the results appear once they are found.
    release();
    await page.getByTestId('wallet-collections').waitFor({ timeout: 60_000 });

    // Switched off, it no longer shows.
    await asset.getByRole('switch').click();
    await asset.getByText('Inactive').waitFor();
  }, 180_000);

  it('reopens a filtered, sorted, paged collection after a reload, Back / Forward and in a fresh browser', async () => {
    const manifest = readTestManifest();
    // An ERC-721 collection of a few pages, the smallest such, so its scan is short.
    const collection = manifest.collections
      .filter((c) => c.standard === 'ERC-721' && c.totalSupply > 2 * GALLERY_PAGE_SIZE)
      .sort((a, b) => a.totalSupply - b.totalSupply)[0]!;
    const page = await (await visitor()).newPage();
    await page.goto(`/?view=collection&network=${collection.network}&address=${collection.address}`);
    await page.getByTestId('nft-card').first().waitFor({ timeout: 150_000 });
    await page.getByTestId('gallery-count').waitFor();

    // Sort by token id, tick the most common value of a trait, then the next page: each lands in
    // the address, the page as a history entry of its own.
    await page.getByTestId('gallery-sort').selectOption('tokenId');
    await page.waitForURL(/sort=tokenId/);
    const total = (await readView(page)).count;
    await page.getByTestId('trait-filter-toggle').click();
    const values = page.locator('.trait-group label.check:not(.check--missing)');
    await values.first().waitFor({ timeout: 60_000 });
    const counts = await values
      .locator('.check__count')
      .evaluateAll((spans) => spans.map((span) => Number(span.textContent!.replace(/\D/g, ''))));
    const most = counts.indexOf(Math.max(...counts));
    expect(counts[most]).toBeGreaterThan(GALLERY_PAGE_SIZE);
    await values.nth(most).locator('input').click();
    await page.waitForURL(/trait=/);
    await page.getByTestId('trait-filter-chip').first().waitFor();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="gallery-count"]')?.textContent?.trim() !== before,
      total,
    );
    await page.getByTestId('trait-filter-toggle').click();
    const filtered = await readView(page);
    expect(filtered.params.getAll('trait')).toHaveLength(1);
    expect(filtered.params.get('sort')).toBe('tokenId');
    expect(filtered.count).not.toBe(total);
    await page.getByTestId('gallery-pager').getByRole('button', { name: /Next/ }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(
      (firstBefore) =>
        document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') !== firstBefore,
      filtered.cards[0],
    );
    const paged = await readView(page);
    expect(paged.params.get('page')).toBe('2');
    expect(paged.params.getAll('trait')).toEqual(filtered.params.getAll('trait'));
    expect(paged.cards.length).toBeGreaterThan(0);
    expect(paged.cards).not.toEqual(filtered.cards);

    await page.reload();
    await expectView(page, paged);
    await page.goBack();
    await expectView(page, filtered);
    await page.goForward();
    await expectView(page, paged);

    // The shared address opens the same view in a browser that has never seen Nexus.
    const fresh = await (await visitor()).newPage();
    await fresh.goto(paged.url);
    await expectView(fresh, paged, 150_000);

    // An NFT's dialog has an address too: reloaded, it opens again.
    const first = fresh.getByTestId('nft-card').first();
    const tokenId = (await first.getAttribute('data-token-id'))!;
    await first.click();
    await fresh.waitForURL((url) => url.searchParams.get('nft') === tokenId);
    await fresh.reload();
    const dialog = fresh.getByTestId('nft-detail');
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.innerText()).toContain(tokenId);
    await fresh.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(fresh.url()).searchParams.get('nft')).toBeNull();
    expect(new URL(fresh.url()).searchParams.get('page')).toBe('2');

    // Opened from its card with the keyboard: a download (notice, then the file, then its toast),
    // then one Escape closes the dialog and the focus is back on the card.
    await first.focus();
    await fresh.keyboard.press('Enter');
    await dialog.waitFor();
    const download = fresh.waitForEvent('download');
    await dialog.getByTestId('nft-download').click();
    const notice = fresh.getByTestId('download-notice');
    await notice.getByRole('button', { name: 'Download' }).click();
    await notice.waitFor({ state: 'detached' });
    expect((await download).suggestedFilename()).not.toBe('');
    await toastText(fresh, 'Download Complete');
    await fresh.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives the focus back as the dialog unmounts.
    const focused = await fresh
      .waitForFunction((id) => document.activeElement?.getAttribute('data-token-id') === id, tokenId, {
        timeout: 20_000,
      })
      .then(() => tokenId)
      .catch(() => fresh.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing'));
    expect(focused).toBe(tokenId);
  }, 300_000);

  it('lets the admin add, edit and delete a whitelisted collection, clear the cache, and log out', async () => {
    const page = await (await visitor()).newPage();
    await signInAsAdmin(page);
    const name = `Admin Added ${Date.now()}`;
    await page.getByRole('button', { name: '+ Add Collection' }).click();
    const form = page.getByTestId('whitelist-form');
    await form.getByLabel('Contract Address *').fill(randomContractAddress());
    await form.getByLabel('Name *').fill(name);
    // The logo goes up first; its stored address fills the field, and its preview comes through
    // the media route.
    await form.getByTestId('logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage(200, 200, [250, 204, 21], [236, 72, 153]),
    });
    await form.getByAltText('Logo preview').waitFor({ timeout: 30_000 });
    expect(await form.getByLabel('Logo URL').inputValue()).not.toBe('');
    await form.getByRole('button', { name: 'Add Collection' }).click();
    expect(await toastText(page, 'Collection added successfully')).toBeTruthy();
    await page.getByLabel('Search whitelisted collections').fill(name);
    const row = page.getByTestId('whitelist-row').filter({ hasText: name });
    await row.waitFor();
    await page.waitForFunction(
      (rowName) =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="whitelist-row"]')]
          .find((element) => element.innerText.includes(rowName))
          ?.querySelector<HTMLImageElement>('img')?.naturalWidth === 200,
      name,
      { timeout: 60_000 },
    );

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await form.getByLabel('Name *').fill(`${name} Renamed`);
    await form.getByRole('button', { name: 'Update Collection' }).click();
    expect(await toastText(page, 'Collection updated successfully')).toBeTruthy();
    const renamed = page.getByTestId('whitelist-row').filter({ hasText: `${name} Renamed` });
    await renamed.waitFor();

    // Delete asks first, in SPEC's words; Cancel keeps it.
    await renamed.getByRole('button', { name: `Delete ${name} Renamed` }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('Are you sure you want to delete this collection?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await renamed.waitFor();
    await renamed.getByRole('button', { name: `Delete ${name} Renamed` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    expect(await toastText(page, 'Collection deleted successfully')).toBeTruthy();
    await renamed.waitFor({ state: 'detached' });

    await page.goto('/admin/cache');
    await page.getByRole('button', { name: 'Clear All Cache' }).click();
    expect(await page.getByRole('alertdialog').innerText()).toContain(
      'Are you sure you want to clear all cache? This action cannot be undone.',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: /Clear/ }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    await page.goto('/admin/security');
    await page.getByRole('heading', { name: 'Rate Limits' }).waitFor({ timeout: 30_000 });

    // Logging out ends the server session too: the subpages ask for the login again.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
    await page.goto('/admin/collections');
    await page.getByTestId('admin-access-required').waitFor();
    const verify = await page.evaluate(
      async () => (await fetch('/api/admin/verify', { method: 'POST' })).status,
    );
    expect(verify).toBe(401);
  }, 120_000);

  it('copies a donation address, shows the copied state for 2 s', async () => {
    const context = await visitor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.system.url });
    const page = await context.newPage();
    await page.goto('/donate');
    await page.getByRole('heading', { name: 'Support The Nexus' }).waitFor();
    const cards = page.getByTestId('donation-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    const evm = cards.filter({ hasText: NEXUS_DONATION_ADDRESSES.evm });
    await evm.getByRole('button', { name: 'Copy' }).click();
    await evm.getByRole('button', { name: '✓ Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(NEXUS_DONATION_ADDRESSES.evm);
    // The copied state ends by itself.
    await evm.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 20_000 });
    // Each address has its explorer links.
    for (const card of await cards.all()) {
      const links = card.getByRole('link', { name: /View on .* explorer/ });
      expect(await links.count()).toBeGreaterThan(0);
      expect(await links.first().getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});
