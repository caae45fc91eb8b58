import { readFile } from 'node:fs/promises';
import type { Response } from 'express';
import { cspNonceOf } from './security-headers.js';

/**
 * Answers the web app's page (frontend/dist/index.html) with the nonce of its Content Security
 * Policy in `<meta property="csp-nonce" nonce>` (Vite's convention; a `nonce` attribute is hidden
 * from CSS selectors): the app gives it to the <style> elements its dialogs add. A nonce is for
 * one answer only, so the page is not kept by caches.
 */
export async function sendWebAppPage(res: Response, index: string, status = 200): Promise<void> {
  const html = await readFile(index, 'utf8');
  const nonce = cspNonceOf(res);
  const page = nonce
    ? html.replace('<head>', `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`)
    : html;
  res.status(status).type('html').set('Cache-Control', 'no-cache').send(page);
}
