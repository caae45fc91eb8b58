import type { Page } from 'playwright-core';
import { toastText } from '../support/browser.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest, type TestManifest } from '../support/system.js';
import { deployTestCollection, mineTestBlocks } from '../support/test-collections.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/**
 * Dead ends a new visitor met (issue 21, visitors 6 and 9), in Chromium against the built API, a
 * worker and the test chains: each search below used to end on a screen that did not help, and a
 * random address could be submitted as a collection.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A base58 Solana address (SPEC §5: 32 to 44 characters is Solana). */
const SOLANA = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

interface NftsCall {
  address: string;
  network: string;
  searchType: string;
}

/** The element lies inside the viewport's width, and the page does not scroll sideways. */
async function expectWithinWidth(page: Page, testId: string, width: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

maybe('dead ends that should help (Chromium, real API, worker and chains)', () => {
  const web = useBrowserSystem({
    prefix: testPrefix('dead-ends'),
    port: 3263 + TEST_PORT_OFFSET,
    workers: 1,
  });
  let manifest: TestManifest;

  const collection = (name: string) => manifest.collections.find((c) => c.name === name)!;

  /** A returning visitor's page at a viewport, recording the scans it asks for. */
  const visit = async (viewport: { width: number; height: number }) => {
    const context = await web.visitor(viewport);
    const page = await context.newPage();
    const scans: NftsCall[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/nfts')
        scans.push(request.postDataJSON() as NftsCall);
    });
    await page.goto('/');
    return { page, scans };
  };

  const search = async (page: Page, type: 'wallet' | 'collection', network: string, text: string) => {
    await page.getByTestId(`search-type-${type}`).click();
    await page.getByTestId('network-select').selectOption(network);
    await page.getByTestId('search-input').fill(text);
    await page.getByTestId('search-submit').click();
  };

  beforeAll(async () => {
    manifest = readTestManifest();
  });

  it('says a collection contract typed in Wallet mode is a collection, and opens its gallery', async () => {
    const passes = collection('Nexus Polygon Passes');
    for (const viewport of VIEWPORTS) {
      const { page, scans } = await visit(viewport);

      await search(page, 'wallet', 'polygon', passes.address);

      const notice = page.getByTestId('search-notice');
      await notice.waitFor({ timeout: 30_000 });
      const text = await notice.innerText();
      expect(text).toContain('This is a collection, not a wallet');
      expect(text).toContain('Nexus Polygon Passes');
      await expectWithinWidth(page, 'search-notice', viewport.width);
      // Nothing was scanned as a wallet.
      expect(scans.filter((s) => s.searchType === 'wallet')).toEqual([]);

      await page.getByTestId('search-notice-open').first().click();
      await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
      expect(scans.at(-1)).toMatchObject({
        searchType: 'collection',
        network: 'polygon',
        address: passes.address,
      });
      expect(new URL(page.url()).searchParams.get('view')).toBe('collection');
    }
  }, 240_000);

  it('says on which network a collection searched on the wrong one is, and opens it there', async () => {
    const oddities = collection('Nexus Oddities');
    for (const viewport of VIEWPORTS) {
      const { page, scans } = await visit(viewport);

      await search(page, 'collection', 'polygon', oddities.address);

      const notice = page.getByTestId('search-notice');
      await notice.waitFor({ timeout: 30_000 });
      const text = await notice.innerText();
      expect(text).toContain('Not a collection on Polygon');
      expect(text).toContain('Ethereum');
      expect(text).not.toContain('Collection Not Found');
      await expectWithinWidth(page, 'search-notice', viewport.width);
      // No scan on the wrong network was started (it would end on 'Collection Not Found').
      expect(scans).toEqual([]);

      await page.getByRole('button', { name: /Open Nexus Oddities on Ethereum/ }).click();
      await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
      expect(scans).toEqual([
        expect.objectContaining({ searchType: 'collection', network: 'ethereum', address: oddities.address }),
      ]);
    }
  }, 240_000);

  it("names the network on the 'Collection Not Found' card of a link to the wrong one", async () => {
    const critters = collection('Nexus Cronos Critters');
    for (const viewport of VIEWPORTS) {
      const { page, scans } = await visit(viewport);
      await page.goto(`/?view=collection&network=ethereum&address=${critters.address}`);

      const card = page.getByTestId('collection-error');
      await card.waitFor({ timeout: 60_000 });
      const hint = card.getByTestId('collection-elsewhere');
      await hint.waitFor({ timeout: 30_000 });
      expect(await hint.innerText()).toContain('Nexus Cronos Critters on Cronos');
      await expectWithinWidth(page, 'collection-elsewhere', viewport.width);

      await hint.getByRole('button', { name: 'Open on Cronos' }).click();
      await page.getByTestId('nft-card').first().waitFor({ timeout: 120_000 });
      expect(scans.at(-1)).toMatchObject({
        searchType: 'collection',
        network: 'cronos',
        address: critters.address,
      });
    }
  }, 300_000);

  it("answers a Solana address with 'coming soon', not 'Invalid Address', in both modes", async () => {
    for (const viewport of VIEWPORTS) {
      const { page, scans } = await visit(viewport);
      for (const mode of ['wallet', 'collection'] as const) {
        await search(page, mode, 'ethereum', SOLANA);
        const toast = await toastText(page, 'Solana Coming Soon');
        expect(toast).toContain('Solana support is coming soon');
        expect(toast).not.toContain('Invalid');
      }
      expect(scans).toEqual([]);
    }
  }, 120_000);

  it('lists a collection once in the suggestions, not again for a copycat of its name', async () => {
    // A contract named like the whitelisted Nexus Oddities, with one transfer: the transfer index
    // sees and names it, and the API then knows two "Nexus Oddities" on ethereum.
    const oddities = collection('Nexus Oddities');
    const copycat = await deployTestCollection('ethereum', 'Nexus Oddities', [manifest.wallets[0]!.address]);
    // Blocks on top of the transfer, so the index takes it as confirmed.
    await mineTestBlocks('ethereum', 16);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${web.system.url}/api/discover-collections?query=Nexus%20Oddities&limit=8`);
      const found = (await res.json()) as Array<{ contractAddress: string }>;
      if (found.some((c) => c.contractAddress === copycat)) break;
      if (Date.now() > deadline) throw new Error('the transfer index never named the copycat');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    for (const viewport of VIEWPORTS) {
      const { page } = await visit(viewport);
      await page.getByTestId('search-type-collection').click();
      await page.getByTestId('search-input').fill('Nexus Oddities');
      const options = page.getByTestId('search-suggestions').getByRole('option');
      await options.first().waitFor({ timeout: 30_000 });

      const rows = await options.evaluateAll((items) =>
        items.map((item) => ({
          name: (item.querySelector('.suggestions__name') as HTMLElement).innerText.replace('✓', '').trim(),
          network: (item.querySelector('.network-badge') as HTMLElement).innerText.trim(),
        })),
      );
      expect(rows).toEqual([{ name: 'Nexus Oddities', network: 'ETH' }]);
      // The row is the whitelisted collection, not the copycat.
      await options.first().click();
      await page.waitForURL((url) => url.searchParams.get('address') === oddities.address);
    }
  }, 180_000);

  it('refuses to submit an address that is no collection on the chosen network, saying where it is one', async () => {
    const apes = collection('Nexus Apes');
    const nobody = `0x${'5a'.repeat(20)}`;
    for (const viewport of VIEWPORTS) {
      const { page } = await visit(viewport);
      await page.goto('/submit-collection');
      await page.getByRole('heading', { name: 'Submit Collection for Whitelist' }).waitFor();
      await page.getByLabel('Collection Name').fill(`Not Apes ${viewport.name}`);

      // A random address: no collection anywhere.
      await page.getByLabel('Contract Address').fill(nobody);
      await page.getByLabel('Network').selectOption('polygon');
      await page.getByRole('button', { name: 'Submit for Community Voting' }).click();
      const nowhere = await toastText(page, 'not an ERC-721 or ERC-1155 collection on Polygon');
      expect(nowhere).toContain('It is not one on any other network Nexus reads either.');

      // A collection of ethereum submitted for polygon.
      await page.getByLabel('Contract Address').fill(apes.address);
      await page.getByRole('button', { name: 'Submit for Community Voting' }).click();
      const elsewhere = await toastText(page, 'It is one on Ethereum');
      expect(elsewhere).toContain('This address is not an ERC-721 or ERC-1155 collection on Polygon.');
      // Nothing was submitted: the form is still there.
      expect(await page.getByRole('heading', { name: 'Collection Submitted Successfully!' }).count()).toBe(0);
    }
  }, 120_000);

  it('tells a wallet holding only likely spam so, and shows it on request', async () => {
    const newcomer = manifest.wallets.find((w) => w.network === 'ethereum' && w.label === 'Demo newcomer')!;
    for (const viewport of VIEWPORTS) {
      const { page } = await visit(viewport);

      await search(page, 'wallet', 'ethereum', newcomer.address);

      const empty = page.getByTestId('wallet-spam-only');
      await empty.waitFor({ timeout: 60_000 });
      const text = await empty.innerText();
      expect(text).toContain('only holds 1 collection hidden as likely spam');
      expect(await page.getByTestId('wallet-collections').innerText()).not.toContain(
        'Try a different search term',
      );
      await expectWithinWidth(page, 'wallet-spam-only', viewport.width);

      await empty.getByRole('button', { name: 'Show it' }).click();
      const row = page.getByTestId('wallet-collection-row');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.first().innerText()).toContain('Claim Free Reward Voucher');
    }
  }, 240_000);
});
