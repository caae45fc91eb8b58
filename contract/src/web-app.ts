/**
 * The web app's pages (SPEC §2 routes). The server answers these with the app and 200, and any
 * other path outside /api with the app (which shows its 404 page) and 404. The explorer's views
 * (search, wallet, gallery) are query state on `/`.
 */
export const WEB_APP_PATHS = [
  '/',
  '/submit-collection',
  '/vote',
  '/donate',
  '/admin',
  '/admin/collections',
  '/admin/promo',
  '/admin/promo-bar',
  '/admin/cache',
  '/admin/security',
] as const;

const PAGES: ReadonlySet<string> = new Set(WEB_APP_PATHS);

/** True for a page of the web app; like its router, case-insensitive and with an optional trailing slash. */
export function isWebAppPath(path: string): boolean {
  const lower = path.toLowerCase();
  return PAGES.has(lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower);
}
