import type { NextFunction, Request, Response } from 'express';
import { clientKey } from './client-address.js';
import { sendTooManyRequests } from './refusal.js';

/** How many of one client's requests may wait for a turn; past it the next one is refused. */
export const MAX_WAITING_PER_CLIENT = 256;

/** A request holds its turn until it is answered, or this long (a request waiting on a scan gives it back). */
export const TURN_HOLD_MS = 100;

interface Client {
  active: number;
  waiting: Array<() => void>;
}

/**
 * Fair turns between clients. One client address has at most `turns` API requests in the works at
 * once (each for at most TURN_HOLD_MS); its further requests wait in its own queue. A burst from one
 * address (50 connections at once) then shares the event loop with every other visitor instead of
 * filling it: another visitor's request waits behind a few of the burst's, not behind all of them.
 * A browser (six connections to a host) never waits. Health probes are not counted.
 */
export class ClientTurns {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly turns: number,
    private readonly holdMs = TURN_HOLD_MS,
    private readonly maxWaiting = MAX_WAITING_PER_CLIENT,
  ) {}

  /** Clients with a request in the works or waiting (for tests and statistics). */
  get size(): number {
    return this.clients.size;
  }

  /** Express middleware. */
  handle(req: Request, res: Response, next: NextFunction): void {
    if (!req.path.startsWith('/api/') || req.path.startsWith('/api/health')) {
      next();
      return;
    }
    const key = clientKey(req.ip);
    let client = this.clients.get(key);
    if (!client) {
      client = { active: 0, waiting: [] };
      this.clients.set(key, client);
    }
    const start = (): void => {
      client.active++;
      let held = true;
      const release = (): void => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        client.active--;
        const following = client.waiting.shift();
        if (following) following();
        else if (client.active === 0) this.clients.delete(key);
      };
      const timer = setTimeout(release, this.holdMs);
      res.once('finish', release);
      res.once('close', release);
      next();
    };
    if (client.active < this.turns) {
      start();
      return;
    }
    if (client.waiting.length >= this.maxWaiting) {
      sendTooManyRequests(req, res, 1);
      return;
    }
    client.waiting.push(start);
    // A visitor who leaves while waiting gives up its place.
    res.once('close', () => {
      const at = client.waiting.indexOf(start);
      if (at < 0) return;
      client.waiting.splice(at, 1);
      if (client.active === 0 && client.waiting.length === 0) this.clients.delete(key);
    });
  }
}
