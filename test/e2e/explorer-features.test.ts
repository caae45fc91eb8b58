// Over 400 lines for that reason: each feature is a flow in Chromium against one started system; a second
// file would start the system and the browser again.
import type { Page } from 'playwright-core';
import request from 'supertest';
import type { NetworksResponse } from '@nexus/contract';
import { adminCookie } from '../support/admin-session.js';
import { toastText } from '../support/browser.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest } from '../support/system.js';
import { join } from 'node:path';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, TEST_STATE_DIR, testPrefix } from '../support/test-env.js';

/**
 * What every block explorer shows (issue 21, visitor item 11), in Chromium against the built API,
 * workers and dev chains: explorer links and copy buttons for contract, token and owner; a link to
 * share an NFT; its token URI and raw metadata; "Refresh metadata"; the collection's own links in the
 * gallery header; the sort direction; and a wallet searched on all three networks at once.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCAN_TIMEOUT = 150_000;

function demoWorld() {
  const manifest = readTestManifest();
  const collection = (network: string, name: string) =>
    manifest.collections.find((c) => c.network === network && c.name === name)!.address.toLowerCase();
  return {
    /** Nexus Oddities (ethereum, 23 tokens): token 3 carries data: metadata. */
    oddities: collection('ethereum', 'Nexus Oddities'),
    /** Nexus Cronos Genesis (cronos, ERC-721 minted in batches: token 0..199 held by one wallet). */
    genesis: collection('cronos', 'Nexus Cronos Genesis'),
    /** The demo collector holds NFTs on ethereum, polygon and cronos. */
    collector: manifest.wallets.find((w) => w.label === 'Demo collector')!.address.toLowerCase(),
    /** The holders of each token, as the dev chain minted them (ERC-721). */
    holders: manifest.wallets.flatMap((w) =>
      ((w as { holdings?: Array<{ contract: string; tokenId: string }> }).holdings ?? []).map((h) => ({
        network: w.network,
        contract: h.contract.toLowerCase(),
        tokenId: h.tokenId,
        owner: w.address.toLowerCase(),
      })),
    ),
  };
}

const collectionView = (network: string, address: string, extra = '') =>
  `/?view=collection&network=${network}&address=${address}${extra}`;

function cardIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('nft-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-token-id') ?? ''));
}

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** What the page's clipboard holds now. */
function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** A deployment on the real networks: the API says no network is a local dev chain. */
async function asRealNetworks(page: Page): Promise<void> {
  await page.route('**/api/networks', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        networks: [
          { network: 'ethereum', chainId: 1, devchain: false },
          { network: 'polygon', chainId: 137, devchain: false },
          { network: 'cronos', chainId: 25, devchain: false },
        ],
      } satisfies NetworksResponse),
    }),
  );
}

maybe('explorer features in Chromium (issue 21, visitor item 11)', () => {
  const web = useBrowserSystem(
    {
      prefix: testPrefix('explorer_features'),
      port: 3255 + TEST_PORT_OFFSET,
      workers: 1,
    },
    120_000,
  );
  const demo = demoWorld();

  const visitor = async (viewport = DESKTOP) => {
    const context = await web.visitor(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.system.url });
    return context.newPage();
  };

  /** Opens an NFT's dialog in a collection's gallery (scanning it first if need be). */
  const openNft = async (page: Page, network: string, address: string, tokenId: string) => {
    await page.goto(collectionView(network, address, `&nft=${tokenId}`));
    const dialog = page.getByTestId('nft-detail');
    await dialog.waitFor({ timeout: SCAN_TIMEOUT });
    return dialog;
  };

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'copies contract, token and owner and links them to the explorer of a real network (%s)',
    async (_name, viewport) => {
      const page = await visitor(viewport);
      await asRealNetworks(page);
      const tokenId = '6';
      const owner = demo.holders.find((h) => h.contract === demo.oddities && h.tokenId === tokenId)?.owner;
      const dialog = await openNft(page, 'ethereum', demo.oddities, tokenId);
      const chain = dialog.getByTestId('nft-chain');
      await chain.scrollIntoViewIfNeeded();

      const contractLink = chain.getByTestId('nft-explorer-contract');
      expect(await contractLink.getAttribute('href')).toBe(`https://etherscan.io/address/${demo.oddities}`);
      expect(await contractLink.getAttribute('target')).toBe('_blank');
      expect(await contractLink.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await chain.getByTestId('nft-explorer-token').getAttribute('href')).toBe(
        `https://etherscan.io/nft/${demo.oddities}/${tokenId}`,
      );

      await chain.getByTestId('nft-copy-contract').click();
      await chain.getByTestId('nft-copy-contract').filter({ hasText: 'Copied' }).waitFor();
      expect(await clipboard(page)).toBe(demo.oddities);
      await chain.getByTestId('nft-copy-token').click();
      await chain.getByTestId('nft-copy-token').filter({ hasText: 'Copied' }).waitFor();
      expect(await clipboard(page)).toBe(tokenId);

      // The owner is read from the chain (ownerOf) by the server.
      const copyOwner = chain.getByTestId('nft-copy-owner');
      await copyOwner.waitFor({ timeout: 30_000 });
      await copyOwner.click();
      await copyOwner.filter({ hasText: 'Copied' }).waitFor();
      const copiedOwner = await clipboard(page);
      expect(copiedOwner).toMatch(/^0x[0-9a-f]{40}$/);
      if (owner) expect(copiedOwner).toBe(owner);
      expect(await chain.getByTestId('nft-explorer-owner').getAttribute('href')).toBe(
        `https://etherscan.io/address/${copiedOwner}`,
      );
      // Nothing of the dialog is cut off or scrolls the page sideways.
      expect(await scrollsSideways(page)).toBe(false);
      const box = await copyOwner.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: join(TEST_STATE_DIR, `explorer-nft-chain-${_name}.png`) });
    },
    SCAN_TIMEOUT + 60_000,
  );

  it(
    'links no public explorer on a local dev chain, and copying still works',
    async () => {
      const page = await visitor();
      const dialog = await openNft(page, 'ethereum', demo.oddities, '7');
      const chain = dialog.getByTestId('nft-chain');
      const note = chain.getByTestId('nft-explorer-contract');
      await note.waitFor();
      expect(await note.evaluate((el) => el.tagName)).toBe('SPAN');
      expect(await note.getAttribute('title')).toBe('Local dev chain: no public explorer');
      expect(await chain.locator('a[href*="etherscan.io"]').count()).toBe(0);
      await chain.getByTestId('nft-copy-contract').click();
      await chain.getByTestId('nft-copy-contract').filter({ hasText: 'Copied' }).waitFor();
      expect(await clipboard(page)).toBe(demo.oddities);
    },
    SCAN_TIMEOUT,
  );

  it(
    "shares a link that opens the NFT's dialog in its collection view",
    async () => {
      const page = await visitor();
      const dialog = await openNft(page, 'ethereum', demo.oddities, '8');
      await dialog.getByTestId('nft-share').click();
      await dialog.getByTestId('nft-share').filter({ hasText: 'Copied' }).waitFor();
      const shared = await clipboard(page);
      expect(new URL(shared).origin).toBe(new URL(web.system.url).origin);

      const other = await visitor(PHONE);
      await other.goto(shared);
      const opened = other.getByTestId('nft-detail');
      await opened.waitFor({ timeout: 60_000 });
      expect(await opened.getByTestId('nft-chain').getByTestId('nft-copy-token').count()).toBe(1);
      expect(new URL(other.url()).searchParams.get('nft')).toBe('8');
      expect(new URL(other.url()).searchParams.get('view')).toBe('collection');
    },
    SCAN_TIMEOUT,
  );

  it(
    'shows the token URI and the raw metadata collapsed, as text that never runs',
    async () => {
      const page = await visitor();
      let ran = false;
      page.on('dialog', (d) => {
        ran = true;
        void d.dismiss();
      });
      const dialog = await openNft(page, 'ethereum', demo.oddities, '3');
      const raw = dialog.getByTestId('nft-raw-metadata');
      const text = raw.getByTestId('nft-metadata-text');
      // Collapsed until asked for.
      expect(await raw.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await text.isVisible().catch(() => false)).toBe(false);
      await raw.locator('summary').click();
      await text.waitFor({ timeout: 30_000 });
      expect(await raw.getByTestId('nft-token-uri').innerText()).toMatch(/^data:application\/json/);
      const metadata = JSON.parse(await text.innerText()) as { name: string; description: string };
      expect(metadata.description).toContain('on chain');
      // The document is a text node of a <pre>: no element of it reached the page.
      expect(await text.evaluate((el) => el.children.length)).toBe(0);
      await text.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(TEST_STATE_DIR, 'explorer-raw-metadata.png') });
      expect(ran).toBe(false);
    },
    SCAN_TIMEOUT,
  );

  it(
    "refreshes an NFT's metadata, then refuses a second refresh within the minute with a clear message",
    async () => {
      const page = await visitor();
      const dialog = await openNft(page, 'ethereum', demo.oddities, '9');
      const button = dialog.getByTestId('nft-refresh-metadata');
      const answers: number[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('/nfts/9/refresh-metadata')) answers.push(res.status());
      });
      await button.click();
      expect(await toastText(page, 'Metadata refreshed')).toContain('Metadata refreshed');
      await page.getByTestId('nft-refresh-metadata').filter({ hasText: 'Refresh metadata' }).waitFor();
      await button.click();
      expect(await toastText(page, 'Refresh Failed')).toMatch(
        /refreshed moments ago\. Please try again in \d+ seconds?\./,
      );
      expect(answers).toEqual([200, 429]);
    },
    SCAN_TIMEOUT,
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    "shows the collection's website and social links from its whitelist entry, http(s) only (%s)",
    async (_name, viewport) => {
      // The dev world's whitelist holds every demo collection, without links: the admin adds some.
      const cookie = await adminCookie(web.system.url);
      const list = await request(web.system.url).get('/api/whitelisted-collections').expect(200);
      const entry = (list.body as Array<{ id: string; contractAddress: string }>).find(
        (c) => c.contractAddress.toLowerCase() === demo.genesis,
      )!;
      await request(web.system.url)
        .patch(`/api/whitelisted-collections/${entry.id}`)
        .set('Cookie', cookie)
        .send({
          website: 'https://genesis.nexus.example/',
          twitter: '@nexus_genesis',
          // A path is a link the server accepts; the header shows only absolute http(s) ones.
          discord: '/discord',
          telegram: 'https://t.me/nexusgenesis',
        })
        .expect(200);
      const page = await visitor(viewport);
      await asRealNetworks(page);
      await page.goto(collectionView('cronos', demo.genesis));
      const links = page.getByTestId('collection-links');
      await links.getByTestId('collection-socials').waitFor({ timeout: SCAN_TIMEOUT });
      expect(await links.getByTestId('collection-link-website').getAttribute('href')).toBe(
        'https://genesis.nexus.example/',
      );
      expect(await links.getByTestId('collection-link-twitter').getAttribute('href')).toBe(
        'https://x.com/nexus_genesis',
      );
      expect(await links.getByTestId('collection-link-telegram').getAttribute('href')).toBe(
        'https://t.me/nexusgenesis',
      );
      expect(await links.getByTestId('collection-link-discord').count()).toBe(0);
      for (const link of await links.locator('a').all()) {
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
        expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
      }
      expect(await links.getByTestId('explorer-contract').getAttribute('href')).toBe(
        `https://explorer.cronos.org/address/${demo.genesis}`,
      );
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: join(TEST_STATE_DIR, `explorer-header-links-${_name}.png`) });
    },
    SCAN_TIMEOUT + 30_000,
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'flips the sort direction, keeps it in the address and asks the page route for it (%s)',
    async (_name, viewport) => {
      const page = await visitor(viewport);
      const orders: Array<string | null> = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname === `/api/collections/cronos/${demo.genesis}/nfts`)
          orders.push(url.searchParams.get('order'));
      });
      await page.goto(collectionView('cronos', demo.genesis, '&sort=tokenId'));
      await page.getByTestId('nft-card').first().waitFor({ timeout: SCAN_TIMEOUT });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') === '0',
      );
      const toggle = page.getByTestId('gallery-sort-order');
      expect(await toggle.getAttribute('data-order')).toBe('asc');

      await toggle.click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') !== '0',
      );
      expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
      const desc = await cardIds(page);
      expect(desc.map(Number)).toEqual([...desc.map(Number)].sort((a, b) => b - a));
      expect(orders).toContain('desc');

      // A reload keeps the direction.
      await page.reload();
      await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('gallery-sort-order').getAttribute('data-order')).toBe('desc');
      // Until the page route answers, the cards are the scan answer's first page sorted here (50 of
      // the collection's NFTs), so the first card settles on the collection's own once it does.
      await page.waitForFunction(
        (first) =>
          document.querySelector('[data-testid="nft-card"]')?.getAttribute('data-token-id') === first,
        desc[0],
        { timeout: 30_000 },
      );
      expect((await cardIds(page))[0]).toBe(desc[0]);
      const box = await page.getByTestId('gallery-sort-order').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await scrollsSideways(page)).toBe(false);
    },
    SCAN_TIMEOUT + 30_000,
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'searches a wallet on all networks at once: one view, a section per network with its own progress (%s)',
    async (_name, viewport) => {
      const page = await visitor(viewport);
      const scans: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/api/nfts') && req.method() === 'POST') {
          const body = JSON.parse(req.postData() ?? '{}') as { network: string; searchType: string };
          if (body.searchType === 'wallet') scans.push(body.network);
        }
      });
      await page.goto('/');
      await page.getByTestId('search-type-wallet').click();
      await page.getByTestId('network-select').selectOption('all');
      await page.getByTestId('search-input').fill(demo.collector);
      await page.getByTestId('search-submit').click();

      const view = page.getByTestId('all-networks-wallet');
      await view.waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('view')).toBe('wallets');
      const sections = view.getByTestId('all-networks-section');
      expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('data-network')))).toEqual([
        'polygon',
        'ethereum',
        'cronos',
      ]);
      for (const network of ['polygon', 'ethereum', 'cronos']) {
        const section = view.locator(`[data-testid="all-networks-section"][data-network="${network}"]`);
        await view
          .locator(`[data-testid="all-networks-section"][data-network="${network}"][data-state="done"]`)
          .waitFor({ timeout: SCAN_TIMEOUT });
        expect(await section.getByTestId('wallet-collection-row').count()).toBeGreaterThan(0);
      }
      expect([...new Set(scans)].sort()).toEqual(['cronos', 'ethereum', 'polygon']);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({
        path: join(TEST_STATE_DIR, `explorer-all-networks-${_name}.png`),
        fullPage: true,
      });

      // A row opens that collection in the network's wallet view.
      const cronos = view.locator('[data-testid="all-networks-section"][data-network="cronos"]');
      await cronos.getByTestId('wallet-collection-row').first().click();
      await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
      const url = new URL(page.url());
      expect(url.searchParams.get('view')).toBe('wallet');
      expect(url.searchParams.get('network')).toBe('cronos');
      expect(url.searchParams.get('collection')).toMatch(/^0x[0-9a-f]{40}$/);
    },
    SCAN_TIMEOUT * 2,
  );

  it(
    'shows each network its own progress while its scan runs',
    async () => {
      const page = await visitor();
      // Held back: the polygon scan's answer, so its section stays in progress while the others finish.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/nfts', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { network?: string };
        if (body.network === 'polygon') await held;
        await route.continue();
      });
      await page.goto(`/?view=wallets&address=${demo.collector}`);
      const polygon = page.locator('[data-testid="all-networks-section"][data-network="polygon"]');
      const cronos = page.locator('[data-testid="all-networks-section"][data-network="cronos"]');
      await cronos
        .locator('[data-testid="wallet-collection-row"], [data-testid="all-networks-empty"]')
        .first()
        .waitFor({
          timeout: SCAN_TIMEOUT,
        });
      expect(await polygon.getAttribute('data-state')).toBe('scanning');
      expect(await polygon.getByTestId('all-networks-progress').count()).toBe(1);
      expect(await cronos.getByTestId('all-networks-progress').count()).toBe(0);
      release();
      await polygon.getByTestId('wallet-collection-row').first().waitFor({ timeout: SCAN_TIMEOUT });
      expect(await polygon.getAttribute('data-state')).toBe('done');
    },
    SCAN_TIMEOUT * 2,
  );
});
