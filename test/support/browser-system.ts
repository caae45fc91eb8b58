import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, returningVisitor } from './browser.js';
import { startSystem, type RunningSystem } from './system.js';

export type SystemOptions = Parameters<typeof startSystem>[0];

/** The whole system and Chromium, as a describe block's tests see them once its beforeAll has run. */
export interface BrowserSystem {
  system: RunningSystem;
  browser: Browser;
  /**
   * A returning visitor's browser context on the system (its own storage and cookies), at 1280x800
   * unless told; every one is closed after the block's tests.
   */
  visitor(options?: {
    width?: number;
    height?: number;
    locale?: string;
    reducedMotion?: 'reduce' | 'no-preference';
  }): Promise<BrowserContext>;
  /** Closes the visitors' contexts opened so far (their pages would go on polling the API). */
  closeVisitors(): Promise<void>;
}

/**
 * For the describe block it is called in: before its tests, the system started with `options`
 * and Chromium launched (within `timeoutMs`, jest's default unless told); after them, the visitors'
 * contexts, Chromium and the system closed.
 */
export function useBrowserSystem(options: SystemOptions, timeoutMs?: number): BrowserSystem {
  const contexts: BrowserContext[] = [];
  const web = {
    async visitor(visitorOptions = {}) {
      const context = await returningVisitor(web.browser, { ...visitorOptions, baseURL: web.system.url });
      contexts.push(context);
      return context;
    },
    async closeVisitors() {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
  } as BrowserSystem;

  beforeAll(async () => {
    web.system = await startSystem(options);
    web.browser = await launchChromium();
  }, timeoutMs);

  afterAll(async () => {
    await web.closeVisitors();
    await web.browser?.close();
    await web.system?.stop();
  });

  return web;
}
