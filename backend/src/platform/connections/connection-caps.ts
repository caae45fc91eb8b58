import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionRefusal } from '@nexus/contract';
import { clientKey } from '../security/index.js';

interface Connection {
  socket: Socket;
  /** Null for a trusted proxy's connection: it carries many clients, only the total counts it. */
  client: string | null;
  /** Requests of this connection not answered yet. */
  busy: number;
  /** Handed to the websocket server: never idle, capped as a socket. */
  upgraded: boolean;
}

/** The connections of one group (a client address, or everyone) and which of them are idle, oldest first. */
class Group {
  readonly open = new Set<Connection>();
  readonly idle = new Set<Connection>();
}

/**
 * Caps on the HTTP server's open connections, per client address and in all. A connection over a
 * cap takes the place of the same group's longest-idle one (kept alive with no request, or opened
 * and silent); when none is idle it is closed at once. A browser holds a handful; a script that
 * opens thousands holds at most the cap, and costs nobody else theirs.
 */
export class ConnectionCaps {
  private readonly everyone = new Group();
  private readonly clients = new Map<string, Group>();
  private readonly bySocket = new WeakMap<Socket, Connection>();

  constructor(
    private readonly limits: { perClient: number; total: number },
    /** True when the address is a proxy named by TRUST_PROXY. */
    private readonly trustedProxy: (address: string) => boolean,
    private readonly refused: (kind: ConnectionRefusal) => void,
  ) {}

  /** Open connections now: in all, and of one client key. */
  count(client?: string): number {
    return client === undefined ? this.everyone.open.size : (this.clients.get(client)?.open.size ?? 0);
  }

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.admit(socket));
    server.on('request', (req: { socket: Socket }, res: { once(event: 'close', f: () => void): unknown }) => {
      const connection = this.bySocket.get(req.socket);
      if (!connection) return;
      connection.busy += 1;
      this.setIdle(connection, false);
      res.once('close', () => {
        connection.busy -= 1;
        if (connection.busy === 0 && !connection.upgraded) this.setIdle(connection, true);
      });
    });
    server.on('upgrade', (req: { socket: Socket }) => {
      const connection = this.bySocket.get(req.socket);
      if (!connection) return;
      connection.upgraded = true;
      this.setIdle(connection, false);
    });
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy();
      return;
    }
    const client = this.trustedProxy(address) ? null : clientKey(address);
    const group = client === null ? null : this.clients.get(client);
    if (group && group.open.size >= this.limits.perClient && !this.shed(group, 'httpPerClient')) {
      this.refused('httpPerClient');
      socket.destroy();
      return;
    }
    if (this.everyone.open.size >= this.limits.total && !this.shed(this.everyone, 'httpTotal')) {
      this.refused('httpTotal');
      socket.destroy();
      return;
    }
    const connection: Connection = { socket, client, busy: 0, upgraded: false };
    this.bySocket.set(socket, connection);
    this.everyone.open.add(connection);
    if (client !== null) {
      let own = this.clients.get(client);
      if (!own) this.clients.set(client, (own = new Group()));
      own.open.add(connection);
    }
    this.setIdle(connection, true);
    socket.once('close', () => this.forget(connection));
  }

  /** Closes the group's longest-idle connection to make room; false when none is idle. */
  private shed(group: Group, kind: ConnectionRefusal): boolean {
    const oldest = group.idle.values().next();
    if (oldest.done) return false;
    this.refused(kind);
    this.forget(oldest.value);
    oldest.value.socket.destroy();
    return true;
  }

  private setIdle(connection: Connection, idle: boolean): void {
    const groups = [this.everyone];
    const own = connection.client === null ? undefined : this.clients.get(connection.client);
    if (own) groups.push(own);
    for (const group of groups) {
      // Deleted first: a connection idle again goes to the end (the newest idle).
      group.idle.delete(connection);
      if (idle && group.open.has(connection)) group.idle.add(connection);
    }
  }

  private forget(connection: Connection): void {
    this.everyone.open.delete(connection);
    this.everyone.idle.delete(connection);
    if (connection.client === null) return;
    const own = this.clients.get(connection.client);
    if (!own) return;
    own.open.delete(connection);
    own.idle.delete(connection);
    if (own.open.size === 0) this.clients.delete(connection.client);
  }
}
