import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { insideViewport, loaded, toastText } from '../support/browser.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest } from '../support/system.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, TEST_STATE_DIR, testPrefix } from '../support/test-env.js';

const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface EnsManifest {
  ens: {
    names: Array<{ name: string; address: string }>;
    offchainNames: Array<{ name: string; address: string }>;
    primaryNames: Array<{ address: string; name: string; verified: boolean }>;
    avatars: Array<{ name: string; record: string; image: string }>;
  };
}

maybe('ENS in the wallet header (Chromium)', () => {
  const web = useBrowserSystem({
    prefix: testPrefix('ens-header'),
    port: 3293 + TEST_PORT_OFFSET,
    workers: 1,
  });
  let manifest: EnsManifest;

  const visitor = async (viewport: { width: number; height: number }) => {
    const context = await web.visitor(viewport);
    return context;
  };

  const searchWallet = async (page: Page, input: string) => {
    await page.goto('/');
    await page.getByTestId('search-type-wallet').click();
    await page.getByTestId('network-select').selectOption('ethereum');
    await page.getByTestId('search-input').fill(input);
    await page.getByTestId('search-submit').click();
  };

  beforeAll(async () => {
    manifest = readTestManifest() as ReturnType<typeof readTestManifest> & EnsManifest;
  });

  it.each(VIEWPORTS)(
    'shows a wallet searched by address with its primary name and avatar ($name)',
    async (viewport) => {
      const demo = manifest.ens.primaryNames.find((record) => record.name === 'demo.eth' && record.verified)!;
      const page = await (await visitor(viewport)).newPage();
      const images: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'image') images.push(new URL(req.url()).origin);
      });
      await searchWallet(page, demo.address);
      const header = page.getByTestId('wallet-collections');
      await header.waitFor({ timeout: 90_000 });
      const name = page.getByTestId('wallet-ens-name');
      await name.waitFor({ timeout: 30_000 });
      expect(await name.innerText()).toBe('demo.eth');
      const avatar = page.getByTestId('wallet-ens-avatar');
      await avatar.waitFor({ timeout: 30_000 });
      // The NFT's image, through our image route: never loaded from its host by the browser.
      expect(await avatar.getAttribute('src')).toMatch(/^\/api\/media\/image\?src=ipfs%3A%2F%2F/);
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('[data-testid="wallet-ens-avatar"]');
          return img !== null && img.complete && img.naturalWidth > 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      expect(await loaded(page, '[data-testid="wallet-ens-avatar"]')).toBe(true);
      expect(images.every((origin) => origin === web.system.url)).toBe(true);
      expect(await header.innerText()).toContain(demo.address.slice(0, 6));
      expect(await insideViewport(page, '[data-testid="wallet-ens-avatar"]')).toBe(true);
      expect(await insideViewport(page, '[data-testid="wallet-ens-name"]')).toBe(true);
      await page.screenshot({ path: join(TEST_STATE_DIR, `ens-header-${viewport.name}.png`) });
    },
    150_000,
  );

  it('opens a wallet by an offchain subname and names its primary name beside it', async () => {
    const alice = manifest.ens.offchainNames[0]!;
    const primary = manifest.ens.primaryNames.find(
      (record) => record.address === alice.address && record.verified,
    );
    const page = await (await visitor(VIEWPORTS[0])).newPage();
    await searchWallet(page, alice.name.toUpperCase());
    await page.getByTestId('wallet-collections').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('wallet-ens-name').innerText()).toBe(
      alice.name.toUpperCase().toLowerCase(),
    );
    if (primary) {
      const other = page.getByTestId('wallet-primary-name');
      await other.waitFor({ timeout: 30_000 });
      expect(await other.innerText()).toContain(primary.name);
    }
  }, 150_000);

  it('says why a name ENSIP-15 refuses is invalid', async () => {
    const page = await (await visitor(VIEWPORTS[0])).newPage();
    await searchWallet(page, 'bad_name.eth');
    // The toast itself (its text is also announced in a live region, which is not the message shown).
    const reason = 'Invalid ENS name: label "bad_name": underscore allowed only at start';
    expect(await toastText(page, reason, 30_000)).toContain(reason);
    expect(await page.getByTestId('wallet-collections').count()).toBe(0);
  }, 60_000);
});
