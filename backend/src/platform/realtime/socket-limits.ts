import type { IncomingMessage } from 'node:http';
import {
  activityRoom,
  parseActivityKey,
  parseScanKey,
  scanRoom,
  SocketEvent,
  type ConnectionRefusal,
  type RateLimitPolicy,
  type SubscribeAck,
} from '@nexus/contract';
import type { Server, Socket } from 'socket.io';
import type { ConnectionLimits } from '../config/index.js';
import { clientKey, requestClientKey } from '../security/index.js';

/** What the limits need of the rate limiter and the suspicious-address list. */
export interface SocketLimitsDeps {
  consume(policy: RateLimitPolicy, key: string): Promise<{ allowed: boolean; firstBreach: boolean }>;
  breach(key: string): void;
  refused(kind: ConnectionRefusal): void;
}

/**
 * The client key of a handshake: Express's `req.ip` (TRUST_PROXY applied) where the HTTP server
 * gives requests Express's prototype, as the API's does; the socket's address otherwise.
 */
function clientOf(req: IncomingMessage): string {
  return 'ip' in req ? requestClientKey(req as { ip?: string }) : clientKey(req.socket.remoteAddress);
}

/** The engine.io connection under a socket.io one: its handshake request and its close. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
  close(): void;
}

/**
 * The room a subscription packet joins or leaves, one budget for scan and activity rooms; null for
 * other events and for keys the gateways refuse anyway. `refusal` is the answer over the cap.
 */
function roomOf(
  event: unknown,
  key: string,
): { name: string; leaving: boolean; refusal: SubscribeAck | boolean } | null {
  switch (event) {
    case SocketEvent.Subscribe:
      return parseScanKey(key) ? { name: scanRoom(key), leaving: false, refusal: { progress: null } } : null;
    case SocketEvent.Unsubscribe:
      return { name: scanRoom(key), leaving: true, refusal: false };
    case SocketEvent.ActivitySubscribe:
      return parseActivityKey(key) ? { name: activityRoom(key), leaving: false, refusal: false } : null;
    case SocketEvent.ActivityUnsubscribe:
      return { name: activityRoom(key), leaving: true, refusal: false };
    default:
      return null;
  }
}

/** Addresses kept in the cool-down list at most; past it, the ones whose cool-down ended are forgotten. */
const MAX_COOLING = 10_000;

/**
 * The live-progress socket's limits: sockets per client address and in all, each handshake
 * charged to the address's `api` budget, a token bucket of events per socket (a socket that
 * empties it is closed, and its address opens no socket for the bucket's window: a browser sends
 * a few events per page, a flood thousands a second) and a cap on the scan and activity rooms one
 * socket watches. Without them, one connection subscribing to 300,000
 * rooms took the API from 206 MB to 1.86 GB and other visitors' requests to seconds.
 */
export class SocketLimits {
  private readonly perClient = new Map<string, number>();
  private total = 0;
  /** Client key → until when (epoch ms) it may not open a socket, after one of its sockets flooded. */
  private readonly cooling = new Map<string, number>();

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly deps: SocketLimitsDeps,
  ) {}

  /** Sockets open now: in all, or of one client key. */
  count(client?: string): number {
    return client === undefined ? this.total : (this.perClient.get(client) ?? 0);
  }

  /** engine.io's `allowRequest`: a handshake over a cap, or over the address's budget, is refused (403). */
  readonly allowRequest = (
    req: IncomingMessage,
    callback: (message: string | null | undefined, success: boolean) => void,
  ): void => {
    const client = clientOf(req);
    const over = this.overCap(client);
    if (over) {
      this.deps.refused(over);
      callback('Too many connections', false);
      return;
    }
    // Refused without a word to the limiter: a flooding client's reconnections cost a map lookup.
    if ((this.cooling.get(client) ?? 0) > Date.now()) {
      this.deps.refused('socketHandshakes');
      callback('Too many requests', false);
      return;
    }
    this.deps.consume('api', client).then(
      (verdict) => {
        if (verdict.allowed) return callback(null, true);
        this.deps.refused('socketHandshakes');
        if (verdict.firstBreach) this.deps.breach(client);
        callback('Too many requests', false);
      },
      // The limiter answers from memory when Redis is away; a failure here is not the visitor's.
      () => callback(null, true),
    );
  };

  /** Applies the limits to a socket server's connections. */
  attach(server: Server): void {
    server.engine.on('connection', (connection: EngineConnection) => this.admit(connection));
    server.on('connection', (socket: Socket) => this.watch(socket));
  }

  private overCap(client: string): ConnectionRefusal | null {
    if (this.total >= this.limits.socketsTotal) return 'socketsTotal';
    if ((this.perClient.get(client) ?? 0) >= this.limits.socketsPerClient) return 'socketsPerClient';
    return null;
  }

  /** Counts an engine connection; one past a cap (handshakes that raced each other) is closed. */
  private admit(connection: EngineConnection): void {
    const client = clientOf(connection.request);
    const over = this.overCap(client);
    if (over) {
      this.deps.refused(over);
      connection.close();
      return;
    }
    this.total += 1;
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    connection.once('close', () => {
      this.total -= 1;
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    });
  }

  private coolDown(client: string, until: number): void {
    if (this.cooling.size >= MAX_COOLING) {
      const now = Date.now();
      for (const [key, end] of this.cooling) if (end <= now) this.cooling.delete(key);
      if (this.cooling.size >= MAX_COOLING) this.cooling.clear();
    }
    this.cooling.set(client, until);
  }

  /** The event bucket and the room cap of one socket, checked before any handler runs. */
  private watch(socket: Socket): void {
    const { points, durationS } = this.limits.socketEvents;
    const refillPerMs = points / (durationS * 1000);
    let tokens = points;
    let last = Date.now();
    let closed = false;
    /** Rooms of valid scan and activity keys this socket subscribed to (the gateways join them). */
    const watched = new Set<string>();
    socket.use((packet, next) => {
      if (closed) return;
      const now = Date.now();
      tokens = Math.min(points, tokens + (now - last) * refillPerMs);
      last = now;
      if (tokens < 1) {
        closed = true;
        this.deps.refused('socketEvents');
        const client = clientOf(socket.request);
        this.deps.breach(client);
        this.coolDown(client, now + durationS * 1000);
        socket.disconnect(true);
        // What else it sent is not read: the connection ends now, not after the close handshake.
        socket.request.socket.destroy();
        return;
      }
      tokens -= 1;
      const [event, key] = packet as [unknown, unknown, ...unknown[]];
      const room = typeof key === 'string' ? roomOf(event, key) : null;
      if (room?.leaving) {
        watched.delete(room.name);
      } else if (room && !watched.has(room.name)) {
        if (watched.size >= this.limits.socketRooms) {
          this.deps.refused('socketRooms');
          const ack = packet[packet.length - 1] as unknown;
          if (typeof ack === 'function') (ack as (answer: SubscribeAck | boolean) => void)(room.refusal);
          return;
        }
        watched.add(room.name);
      }
      next();
    });
  }
}
