import { parse } from 'cookie';
import type { Request, Response } from 'express';

/** Name of the httpOnly admin session cookie. */
export const ADMIN_COOKIE = 'nexus_admin';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token a request carries, or null (absent or malformed). */
export function readAdminToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const token = parse(header)[ADMIN_COOKIE];
  return token !== undefined && TOKEN.test(token) ? token : null;
}

/**
 * httpOnly, SameSite=Strict, only sent to the API, gone when the session ends; Secure in
 * production (`secure`) whatever the proxy says, and elsewhere behind HTTPS (TRUST_PROXY naming
 * the proxy that says so).
 */
export function setAdminCookie(
  req: Request,
  res: Response,
  token: string,
  expiresAt: number,
  secure: boolean,
): void {
  res.cookie(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure || req.secure,
    path: '/api',
    maxAge: Math.max(0, expiresAt - Date.now()),
  });
}

export function clearAdminCookie(req: Request, res: Response, secure: boolean): void {
  res.clearCookie(ADMIN_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure || req.secure,
    path: '/api',
  });
}
