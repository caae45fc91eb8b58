import { deflateSync, crc32 } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './requirements.js';
import { TEST_ADMIN_PASSWORD } from './test-env.js';

/** Headless Chromium as the browser tests and the screenshot walk drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** localStorage key of the beta-welcome-seen flag (SPEC §9). */
export const BETA_WELCOME_SEEN_KEY = 'betaWelcomeSeen';

/**
 * A browser context of a returning visitor: the beta welcome was dismissed on an earlier visit, so
 * it does not cover the screen under test (its own test dismisses it on a first visit).
 *
 * The visitor prefers reduced motion unless told otherwise: the home page's featured carousel
 * scrolls itself every frame, and headless Chromium draws that in software for about 0.4 of a core
 * per open home page (3 pages: 17.5 CPU-seconds in 15 s, against 0.2 under reduced motion), which
 * slowed every other test beside it. A test of the motion asks for `'no-preference'`.
 */
export async function returningVisitor(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    baseURL?: string;
    locale?: string;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    reducedMotion: options.reducedMotion ?? 'reduce',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), BETA_WELCOME_SEEN_KEY);
  return context;
}

/**
 * Waits for a toast saying `text` (SPEC §9: one at a time; an earlier one may still be closing)
 * and answers its whole text.
 */
export async function toastText(page: Page, text: string, timeout = 60_000): Promise<string> {
  const toast = page.getByTestId('toast').filter({ hasText: text }).last();
  try {
    await toast.waitFor({ state: 'visible', timeout });
  } catch (error) {
    // Which toast the page showed instead says more than the timeout.
    const shown = await page
      .getByTestId('toast')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`no toast saying "${text}" within ${timeout} ms; shown: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
  return toast.innerText();
}

/**
 * Holds the page's answers to POST /api/nfts until the returned function is called: the scan then
 * lasts as long as the test (or the screenshot) needs it to.
 */
export async function holdScanAnswers(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/api/nfts', async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}

/** Signs in on /admin with the password of the test API ('Admin Authentication', SPEC §2). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
  await page.getByTestId('admin-password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Waits until at least four gallery card images in view have loaded with real pixels. */
export async function galleryImagesInViewLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="nft-card"] img')].filter(
        (img) => {
          const box = img.getBoundingClientRect();
          return box.top < window.innerHeight && box.bottom > 0;
        },
      );
      return imgs.length >= 4 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** True once the image has loaded with real pixels (not a broken image). */
export function loaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

/** Everything of the element is inside the viewport's width (nothing cut off at 390 px). */
export async function insideViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG file (8-bit RGB) of the given size: a diagonal gradient between two colours, so the
 * previews and screenshots show something recognisable.
 */
export function pngImage(
  width: number,
  height: number,
  from: [number, number, number] = [6, 182, 212],
  to: [number, number, number] = [124, 58, 237],
): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      const at = y * row + 1 + x * 3;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A fresh contract address nobody has submitted (0x plus 40 hex). */
export function randomContractAddress(): string {
  const hex = Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `0x${hex}`;
}
