import { Injectable } from '@nestjs/common';
import type { RateLimitPolicy } from '@nexus/contract';
import type { NextFunction, Request, Response } from 'express';
import { requestClientKey } from './client-address.js';
import { RateLimiterService, type RateLimitVerdict } from './rate-limiter.service.js';
import { sendTooManyRequests } from './refusal.js';

/** How long a blocked client's connection is not read after a refusal. */
export const REFUSED_CONNECTION_PAUSE_MS = 50;

/** Routes remembered at most; past it the memory starts again (paths with ids must not grow it without end). */
const MAX_ROUTES = 1_000;

/** The standard header fields (IETF draft "RateLimit header fields for HTTP"), on every limited answer. */
export function setRateLimitHeaders(res: Response, verdict: RateLimitVerdict, windowS: number): void {
  res.setHeader('RateLimit-Limit', String(verdict.limit));
  res.setHeader('RateLimit-Remaining', String(verdict.remaining));
  res.setHeader('RateLimit-Reset', String(Math.ceil(verdict.resetMs / 1000)));
  res.setHeader('RateLimit-Policy', `${verdict.limit};w=${windowS}`);
}

/** Seconds a refused client is asked to wait (Retry-After), at least one. */
export function retryAfterSeconds(verdict: RateLimitVerdict): number {
  return Math.max(1, Math.ceil(verdict.resetMs / 1000));
}

/**
 * The cheapest answer to a flood. Once the guard has refused a client on a route (method and path),
 * the client's further requests to that route, while this process holds its block, get their 429
 * here: before the request log, body parsing, routing and the guard, with the same headers and
 * body the guard's refusal gets (and counted the same way). A route's policy never changes, so
 * the path the guard refused names the policy that refuses it again.
 */
@Injectable()
export class FloodGate {
  /** `METHOD /path` → the policy the guard refused it under. */
  private readonly routes = new Map<string, RateLimitPolicy>();

  constructor(private readonly limits: RateLimiterService) {}

  /** The guard refused a request on this route under `policy`. */
  learn(method: string, path: string, policy: RateLimitPolicy): void {
    const route = `${method} ${path}`;
    if (this.routes.get(route) === policy) return;
    if (this.routes.size >= MAX_ROUTES) this.routes.clear();
    this.routes.set(route, policy);
  }

  /** Express middleware: answers a blocked client's request to a route it was refused on. */
  handle(req: Request, res: Response, next: NextFunction): void {
    // Nobody refused yet (the usual case): nothing to look up.
    if (this.routes.size === 0) {
      next();
      return;
    }
    const policy = this.routes.get(`${req.method} ${req.path}`);
    const verdict =
      policy === undefined ? null : this.limits.refusedFromMemory(policy, requestClientKey(req));
    if (!verdict) {
      next();
      return;
    }
    setRateLimitHeaders(res, verdict, this.limits.rule(policy!).durationS);
    sendTooManyRequests(req, res, retryAfterSeconds(verdict));
    // A client that ignores Retry-After gets its connection read more slowly: each of its
    // connections is heard at most every REFUSED_CONNECTION_PAUSE_MS, so its burst spreads out
    // instead of taking the event loop from other visitors all at once.
    const socket = req.socket;
    socket.pause();
    setTimeout(() => socket.resume(), REFUSED_CONNECTION_PAUSE_MS).unref();
  }
}
