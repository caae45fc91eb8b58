import type { BrowserContext, Page } from 'playwright-core';

import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest } from '../support/system.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { galleryImagesInViewLoaded } from '../support/browser.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

/** What the page reported breaking its Content Security Policy: console lines and violation events. */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      ),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

maybe('the web app under its Content Security Policy (Chromium)', () => {
  const web = useBrowserSystem({ prefix: testPrefix('csp'), port: 3298 + TEST_PORT_OFFSET, workers: 1 });

  it('renders the home page and a gallery, with its images and live progress, and breaks no directive', async () => {
    // Nexus Oddities: `data:` metadata and images beside ones our image route fetches.
    const collection = readTestManifest().collections.find((c) => c.name === 'Nexus Oddities')!;
    const context = await web.visitor();
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', () => sockets.push(socket.url()));
    });

    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByTestId('search-input').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);

    await page.goto(
      `/?view=collection&network=${collection.network}&address=${collection.address.toLowerCase()}`,
    );
    const cards = page.getByTestId('nft-card');
    await cards.first().waitFor({ state: 'visible', timeout: 120_000 });
    // The images in view load: our image route and inline data: ones.
    await galleryImagesInViewLoaded(page);
    const sources = await page.$$eval('[data-testid="nft-card"] img', (imgs) =>
      imgs.map((img) => (img as HTMLImageElement).src),
    );
    expect(sources.some((src) => src.startsWith(`${web.system.url}/api/media/image`))).toBe(true);
    expect(sources.some((src) => src.startsWith('data:image/'))).toBe(true);
    // The NFT dialog of the first card.
    await cards.first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    // The live-progress socket of the scan spoke over its own origin.
    expect(sockets.some((url) => url.startsWith(web.system.url.replace(/^http/, 'ws')))).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  }, 180_000);

  it('renders the other screens within the policy', async () => {
    const context = await web.visitor();
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    for (const path of ['/vote', '/submit-collection', '/donate', '/admin', '/no-such-page']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
    await context.close();
  });

  it('renders the API reference (Swagger UI) within its policy', async () => {
    const context = await web.visitor();
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
