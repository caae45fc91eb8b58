import type { BrowserContext, Page } from 'playwright-core';
import { activityKey, SocketEvent } from '@nexus/contract';
import {
  chainRpc,
  INDEX_CONFIRMATIONS,
  ownerOnChain,
  transferOnChain,
  waitForIndex,
} from '../support/chain-index.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { connectSocket, readTestManifest, type ManifestCollection } from '../support/system.js';
import { mineTestBlocks } from '../support/test-collections.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/**
 * Issue 24, live: a transfer made on the dev chain during the test appears in an open collection's
 * Activity feed without a reload, and a reorganisation made in the test takes it away again. The
 * time from the transfer's block to its row on screen is printed (confirmations included: the test
 * mines them at once, as the dev world's trickle does).
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

const CONFIRMATIONS = INDEX_CONFIRMATIONS;
/** The index's pass interval of `npm start` (LIVE_INDEX_INTERVAL_MS measures another). */
const INDEX_INTERVAL_MS = process.env.LIVE_INDEX_INTERVAL_MS ?? '250';
const SCAN_TIMEOUT = 120_000;

maybe('live activity in Chromium: a transfer and a reorganisation without a reload', () => {
  const web = useBrowserSystem(
    {
      prefix: testPrefix('live-activity'),
      port: 3299 + TEST_PORT_OFFSET,
      workers: 1,
      env: { INDEX_INTERVAL_MS },
    },
    SCAN_TIMEOUT,
  );
  let context: BrowserContext;
  let collection: ManifestCollection;
  let wallets: string[];
  /** Demo wallets' primary ENS names (verified reverse records of the test chain's ENS). */
  let primaryNames: Map<string, string>;
  const measured: string[] = [];

  const rpc = chainRpc('ethereum');
  const mine = (blocks: number) => mineTestBlocks('ethereum', blocks);
  const ownerOf = (tokenId: bigint) => ownerOnChain('ethereum', collection.address, tokenId);
  /** Until the index has every confirmed block (the test database's index may still be catching up). */
  const indexCaughtUp = () => waitForIndex(web.system.url, 'ethereum', collection.address, SCAN_TIMEOUT);
  /**
   * When (epoch ms, the page's clock: the same machine's) the transaction's row is on screen, or off
   * it: watched in the page by a MutationObserver, so the figure carries no polling delay.
   */
  const rowChange = (page: Page, hash: string, shown: boolean) =>
    page.evaluate(
      ([selector, wanted]) =>
        new Promise<number>((resolve) => {
          const done = () => (document.querySelector(selector) !== null) === wanted;
          if (done()) return resolve(Date.now());
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            resolve(Date.now());
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
      [`[data-testid="collection-activity"] [data-testid="activity-tx"][title="${hash}"]`, shown] as const,
    );
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing in ${ms} ms`)), ms)),
    ]);

  beforeAll(async () => {
    const manifest = readTestManifest();
    const holders = manifest.wallets as unknown as Array<{
      network: string;
      holdings: Array<{ contract: string }>;
    }>;
    // A small ERC-721 collection of ethereum that the demo wallets hold (Nexus Oddities): quick to scan.
    collection = manifest.collections
      .filter((c) => c.network === 'ethereum' && c.standard === 'ERC-721' && c.totalSupply < 1000)
      .find((c) => holders.some((w) => w.holdings.some((h) => h.contract === c.address.toLowerCase())))!;
    wallets = manifest.wallets.filter((w) => w.network === 'ethereum').map((w) => w.address.toLowerCase());
    const ens = (
      manifest as { ens?: { primaryNames: Array<{ address: string; name: string; verified: boolean }> } }
    ).ens;
    primaryNames = new Map(
      (ens?.primaryNames ?? []).filter((r) => r.verified).map((r) => [r.address.toLowerCase(), r.name]),
    );
    context = await web.visitor();
  }, SCAN_TIMEOUT);

  afterAll(async () => {
    if (measured.length) console.log(measured.join('\n'));
  });

  it("shows a new transfer in the open collection's Activity feed and owner filter, and drops it when a reorg undoes it", async () => {
    expect(collection).toBeDefined();
    // The seeding's last blocks get their confirmations first (as the dev world's CLI does): only
    // the test's own transfer is left to index when the clock runs.
    await mine(CONFIRMATIONS);
    await indexCaughtUp();
    const page = await context.newPage();
    await page.goto(`/?view=collection&network=${collection.network}&address=${collection.address}`);
    await page.getByTestId('nft-card').first().waitFor({ timeout: SCAN_TIMEOUT });
    await page.getByTestId('collection-tab-activity').click();
    await page.getByTestId('activity-row').first().waitFor({ timeout: 30_000 });
    // A reload would lose this.
    await page.evaluate(() => ((window as unknown as { __nexusStay: number }).__nexusStay = 1));

    // A token a demo wallet (an unlocked account) holds, to another demo wallet: one with a primary
    // ENS name, which the row shows in place of its address.
    let tokenId = 1n;
    let from = await ownerOf(tokenId);
    while (!wallets.includes(from)) from = await ownerOf(++tokenId);
    const to = wallets.find((wallet) => wallet !== from && primaryNames.has(wallet))!;
    expect(to).toBeDefined();
    // When the API's socket tells the room (the index stored the transfer): splits the figure.
    const listener = await connectSocket(web.system.url);
    const told = { transfers: 0, reorg: 0 };
    listener.on(SocketEvent.Transfers, () => (told.transfers ||= Date.now()));
    listener.on(SocketEvent.Reorg, () => (told.reorg ||= Date.now()));
    await new Promise((resolve) =>
      listener.emit(
        SocketEvent.ActivitySubscribe,
        activityKey('collection', 'ethereum', collection.address),
        resolve,
      ),
    );
    // The gallery filtered to the recipient's tokens, open in another tab: the token joins it live.
    const filtered = await context.newPage();
    await filtered.goto(
      `/?view=collection&network=${collection.network}&address=${collection.address}&owner=${to}`,
    );
    await filtered.getByTestId('owner-filter-chip').waitFor({ timeout: SCAN_TIMEOUT });
    const card = filtered.locator(`[data-testid="nft-card"][data-token-id="${tokenId}"]`);
    expect(await card.count()).toBe(0);
    await filtered.evaluate(() => ((window as unknown as { __nexusStay: number }).__nexusStay = 1));
    const snapshot = await rpc<string>('evm_snapshot');

    const hash = await transferOnChain('ethereum', collection.address, tokenId, from, to);
    // Anvil mines the transaction's block as it takes it: the clock starts here.
    const mined = Date.now();
    const appeared = rowChange(page, hash, true);
    await mine(CONFIRMATIONS);
    const shown = (await within(appeared, 30_000)) - mined;
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    // From and to: the name where the wallet has one, else the short address; the address in the tooltip.
    const route = page
      .getByTestId('activity-row')
      .filter({ has: page.locator(`[data-testid="activity-tx"][title="${hash}"]`) })
      .locator('.activity__route [title]');
    const shortened = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
    expect(
      await route.evaluateAll((parts) => parts.map((part) => [part.getAttribute('title'), part.textContent])),
    ).toEqual([
      [from, primaryNames.get(from) ?? shortened(from)],
      [to, primaryNames.get(to)],
    ]);

    const disappeared = rowChange(page, hash, false);
    await rpc('evm_revert', [snapshot]);
    const reverted = Date.now();
    // The replacing chain: longer than the undone one, so the index sees its stored hashes gone.
    await mine(CONFIRMATIONS + 3);
    const removed = (await within(disappeared, 30_000)) - reverted;
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await filtered.evaluate(() => (window as unknown as { __nexusStay?: number }).__nexusStay)).toBe(
      1,
    );

    listener.disconnect();

    expect(await page.evaluate(() => (window as unknown as { __nexusStay?: number }).__nexusStay)).toBe(1);
    expect(await ownerOf(tokenId)).toBe(from);
    measured.push(
      `[live-activity] ${collection.name} #${tokenId}: block mined → row on screen ${shown} ms ` +
        `(event ${told.transfers - mined} ms, then the browser's refetch; ${CONFIRMATIONS} confirmations, ` +
        `index pass every ${INDEX_INTERVAL_MS} ms); reorg → row gone ${removed} ms (event ${told.reorg - reverted} ms)`,
    );
    // The goal is 2 s: the figure printed above goes to docs/PERFORMANCE.md; it is not asserted (on a
    // loaded test machine a bound would time the machine, not Nexus).
  }, 240_000);
});
