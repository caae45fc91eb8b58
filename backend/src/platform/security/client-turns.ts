import type { NextFunction, Request, Response } from 'express';
import { requestClientKey } from './client-address.js';
import { sendTooManyRequests } from './refusal.js';

/** How many of one client's requests may wait for a turn; past it the next one is refused. */
export const MAX_WAITING_PER_CLIENT = 256;

/** A request holds its turn until it is answered, or this long (a request waiting on a scan gives it back). */
export const TURN_HOLD_MS = 100;

/** A turn in use: since when, so that it is given back once held TURN_HOLD_MS. */
interface Turn {
  since: number;
}

interface Client {
  /** The turns in use, oldest first (at most `turns` of them). */
  held: Turn[];
  waiting: Array<() => void>;
  /** Set only while requests wait: gives back the oldest turn when its hold time is over. */
  timer: NodeJS.Timeout | null;
}

/**
 * Fair turns between clients. One client address has at most `turns` API requests in the works at
 * once (each for at most TURN_HOLD_MS); its further requests wait in its own queue. A burst from one
 * address (50 connections at once) then shares the event loop with every other visitor instead of
 * filling it: another visitor's request waits behind a few of the burst's, not behind all of them.
 * A browser (six connections to a host) never waits. Health probes are not counted.
 *
 * A request that goes in at once costs a map lookup and one listener: no timer of its own. Hold
 * times are checked when the client's next request arrives, and by one timer per client while
 * some of its requests wait.
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
    const path = req.path;
    if (!path.startsWith('/api/') || path.startsWith('/api/health')) {
      next();
      return;
    }
    const key = requestClientKey(req);
    let client = this.clients.get(key);
    if (!client) {
      client = { held: [], waiting: [], timer: null };
      this.clients.set(key, client);
    } else {
      this.expire(key, client, performance.now());
    }
    const start = (): void => {
      const turn: Turn = { since: performance.now() };
      client.held.push(turn);
      // 'close' follows 'finish' on an answered request, and comes alone when the visitor left.
      res.once('close', () => this.release(key, client, turn));
      next();
    };
    if (client.held.length < this.turns && client.waiting.length === 0) {
      start();
      return;
    }
    if (client.waiting.length >= this.maxWaiting) {
      sendTooManyRequests(req, res, 1);
      return;
    }
    client.waiting.push(start);
    this.watch(key, client);
    // A visitor who leaves while waiting gives up its place.
    res.once('close', () => {
      const at = client.waiting.indexOf(start);
      if (at < 0) return;
      client.waiting.splice(at, 1);
      this.forgetIfIdle(key, client);
    });
  }

  /** A turn given back (its request answered or abandoned); nothing when its hold time took it already. */
  private release(key: string, client: Client, turn: Turn): void {
    const at = client.held.indexOf(turn);
    if (at < 0) return;
    client.held.splice(at, 1);
    this.admit(client);
    this.forgetIfIdle(key, client);
  }

  /** Gives back the turns held longer than the hold time, and lets waiting requests take them. */
  private expire(key: string, client: Client, now: number): void {
    let expired = 0;
    while (expired < client.held.length && now - client.held[expired]!.since >= this.holdMs) expired++;
    if (expired === 0) return;
    client.held.splice(0, expired);
    this.admit(client);
    this.forgetIfIdle(key, client);
  }

  private admit(client: Client): void {
    while (client.held.length < this.turns && client.waiting.length > 0) client.waiting.shift()!();
  }

  /** While requests wait, one timer for the moment the oldest turn's hold time ends. */
  private watch(key: string, client: Client): void {
    if (client.timer !== null || client.waiting.length === 0 || client.held.length === 0) return;
    const due = Math.max(0, client.held[0]!.since + this.holdMs - performance.now());
    client.timer = setTimeout(() => {
      client.timer = null;
      this.expire(key, client, performance.now());
      this.watch(key, client);
    }, Math.ceil(due));
  }

  private forgetIfIdle(key: string, client: Client): void {
    if (client.held.length > 0 || client.waiting.length > 0) return;
    if (client.timer !== null) clearTimeout(client.timer);
    client.timer = null;
    if (this.clients.get(key) === client) this.clients.delete(key);
  }
}
