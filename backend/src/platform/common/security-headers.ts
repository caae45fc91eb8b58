import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type Source = string | ((req: unknown, res: ServerResponse) => string);
type Directives = Record<string, Source[] | null>;

const NONCE = Symbol('nexus.cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/** The CSP nonce of a web app page's answer (null for API answers). */
export function cspNonceOf(res: ServerResponse): string | null {
  return (res as WithNonce)[NONCE] ?? null;
}

/**
 * What the web app loads (frontend/dist, a Vite build with no inline script or style): its own
 * scripts, styles and fonts, and the <style> elements its dialogs add to lock the page's scroll
 * (Radix's react-remove-scroll: they carry the page's nonce, handed to them by the app); images from our image route and uploaded media, or inline `data:`
 * ones (placeholders, metadata SVGs); videos from our media routes, and `blob:` for an admin's
 * preview of a file before upload; requests and the live-progress socket to its own origin.
 * Nothing may frame it, and no plugin, form target or <base> elsewhere.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A web app page: the styles of its nonce besides its own files. */
const PAGE_CSP: Directives = {
  ...APP_CSP,
  'style-src': ["'self'", (_req, res) => `'nonce-${cspNonceOf(res) ?? ''}'`],
};
/** The API reference (Swagger UI at /api/docs): its page carries an inline style, its icons are `data:`. */
const REFERENCE_CSP: Directives = { ...APP_CSP, 'style-src': ["'self'", "'unsafe-inline'"] };
const REFERENCE_PATH = /^\/api\/docs(?:[-/]|$)/;
const API_PATH = /^\/(?:api|socket\.io)(?:\/|$)/;

/** HSTS in production: a year, subdomains included (a browser then never asks over plain HTTP). */
export const HSTS_MAX_AGE_S = 365 * 24 * 3600;

function policy(directives: Directives, production: boolean, secure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Only a page that came over HTTPS has its requests upgraded: a production build opened over
      // plain HTTP (docker compose on localhost) must still load its own files.
      directives: { ...directives, 'upgrade-insecure-requests': production && secure ? [] : null },
    },
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Media and images are ours and served to our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  } as Parameters<typeof helmet>[0]) as RequestHandler;
}

/**
 * Security headers on every answer, HTML and JSON, in development and production (helmet): the
 * CSP above, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (URLs name the
 * wallets a visitor looks at), `X-Frame-Options: DENY` beside `frame-ancestors 'none'`, and HSTS
 * in production (with `upgrade-insecure-requests` on answers over HTTPS, as TRUST_PROXY tells).
 */
export function securityHeaders(options: { production: boolean }): RequestHandler {
  const policies = (secure: boolean) => ({
    api: policy(APP_CSP, options.production, secure),
    page: policy(PAGE_CSP, options.production, secure),
    reference: policy(REFERENCE_CSP, options.production, secure),
  });
  const plain = policies(false);
  const secure = policies(true);
  return (req: Request, res: Response, next: NextFunction) => {
    const { api, page, reference } = options.production && req.secure ? secure : plain;
    if (REFERENCE_PATH.test(req.path)) return reference(req, res, next);
    if (API_PATH.test(req.path)) return api(req, res, next);
    // A fresh nonce per page answer: the page hands it to the styles it adds (sendWebAppPage).
    (res as WithNonce)[NONCE] = randomBytes(16).toString('base64');
    return page(req, res, next);
  };
}
