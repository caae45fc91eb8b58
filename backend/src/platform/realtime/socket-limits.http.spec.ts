import { connect, type Socket as TcpSocket } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  scanKey,
  SocketEvent,
  type ClientToServerEvents,
  type ConnectionRefusal,
  type ScanProgress,
  type SecurityStatus,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@nexus/contract';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { adminCookie } from '../../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../../test/support/isolated-api.js';
import { ScanProgressRepository } from './scan-progress.repository.js';
import { SocketLimits } from './socket-limits.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallet = (n: number) => scanKey('wallet', 'ethereum', `0x${n.toString(16).padStart(40, '0')}`);

function progressOf(key: string): ScanProgress {
  const now = new Date().toISOString();
  const [kind, network, address] = key.split(':') as ['wallet', 'ethereum', string];
  return {
    key,
    kind,
    network,
    address,
    stage: 'preparing',
    percent: 25,
    tokensFound: 0,
    metadataFetched: 0,
    tokensTotal: null,
    startedAt: now,
    updatedAt: now,
    emittedAt: Date.now(),
    error: null,
  };
}

/**
 * The socket and connection limits of a real API on loopback. Each test speaks from its own
 * address of 127.0.0.0/8 (every one of them reaches the API's 127.0.0.1), so that its counts are
 * its own.
 */
describe(SocketLimits.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let url: string;
  let cookie: string;
  const sockets: ClientSocket[] = [];
  const tcp: TcpSocket[] = [];
  let nextHost = 10;
  const host = () => `127.0.0.${nextHost++}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('socket-limits', {
      env: {
        SOCKETS_PER_CLIENT: '3',
        SOCKET_ROOMS: '4',
        SOCKET_EVENTS: '10/10',
        HTTP_CONNECTIONS_PER_CLIENT: '8',
        RATE_LIMIT_API: '40/60',
        SUSPICIOUS_IP_BREACHES: '1/86400',
      },
    });
    sut = isolated.app;
    await sut.listen(0, '127.0.0.1');
    url = await sut.getUrl();
    url = url.replace('[::1]', '127.0.0.1');
    cookie = await adminCookie(url);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    for (const socket of tcp.splice(0)) socket.destroy();
  });

  afterAll(async () => {
    await isolated.close();
  });

  const open = (from: string): ClientSocket => {
    const socket: ClientSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      localAddress: from,
    } as Parameters<typeof io>[1]);
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: ClientSocket) =>
    new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
  const subscribe = (socket: ClientSocket, key: string) =>
    new Promise<SubscribeAck>((resolve) => socket.emit(SocketEvent.Subscribe, key, resolve));
  const refusals = async (): Promise<Record<ConnectionRefusal, number>> => {
    // Counts reach Redis within a second.
    await sleep(1200);
    const res = await request(url).get('/api/admin/security-status').set('Cookie', cookie);
    expect(res.status).toBe(200);
    return (res.body as SecurityStatus).connectionRefusals;
  };
  const refusalsAfter = async (action: () => Promise<void>) => {
    const before = await refusals();
    await action();
    const after = await refusals();
    return Object.fromEntries(
      Object.entries(after).map(([kind, count]) => [kind, count - before[kind as ConnectionRefusal]]),
    ) as Record<ConnectionRefusal, number>;
  };

  it('lets one socket watch up to SOCKET_ROOMS scans, and more once it leaves some', async () => {
    const socket = open(host());
    expect(await connected(socket)).toBe(true);
    const received = new Set<string>();
    socket.on(SocketEvent.Progress, (progress) => received.add(progress.key));
    const keys = [1, 2, 3, 4, 5, 6].map(wallet);

    const counted = await refusalsAfter(async () => {
      for (const key of keys) await subscribe(socket, key);
      // A key already watched takes no second room.
      await subscribe(socket, keys[0]!);
    });
    const progress = sut.get(ScanProgressRepository);
    for (const key of keys) await progress.publish(progressOf(key));
    await sleep(300);

    expect(counted.socketRooms).toBe(2);
    expect([...received].sort()).toEqual(keys.slice(0, 4).sort());

    socket.emit(SocketEvent.Unsubscribe, keys[0]!);
    await subscribe(socket, keys[4]!);
    received.clear();
    await progress.publish(progressOf(keys[4]!));
    await sleep(300);
    expect([...received]).toEqual([keys[4]]);
  });

  it('closes a socket that sends events faster than SOCKET_EVENTS, lists its address and refuses it sockets for the window', async () => {
    const from = host();
    const socket = open(from);
    expect(await connected(socket)).toBe(true);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const counted = await refusalsAfter(async () => {
      for (let i = 0; i < 1_000 && socket.connected; i++) socket.emit(SocketEvent.Unsubscribe, wallet(i));
      expect(['io server disconnect', 'transport close']).toContain(await closed);
      // Its address opens no socket for SOCKET_EVENTS' window (10 s here); another address does.
      expect(await connected(open(from))).toBe(false);
      expect(await connected(open(host()))).toBe(true);
    });

    expect(counted.socketEvents).toBe(1);
    expect(counted.socketHandshakes).toBe(1);
    // A breach, as an HTTP client's first refusal of a window (listed from the first here).
    const status = await request(url).get('/api/admin/security-status').set('Cookie', cookie);
    expect((status.body as SecurityStatus).suspiciousIPs.map((s) => s.ip)).toContain(from);
  });

  it('refuses a client address its SOCKETS_PER_CLIENT+1st socket; other addresses connect', async () => {
    const from = host();
    const counted = await refusalsAfter(async () => {
      for (let i = 0; i < 3; i++) expect(await connected(open(from))).toBe(true);
      expect(await connected(open(from))).toBe(false);
      expect(await connected(open(host()))).toBe(true);
      // A socket closed frees its place.
      sockets[0]!.disconnect();
      await sleep(200);
      expect(await connected(open(from))).toBe(true);
    });
    expect(counted.socketsPerClient).toBe(1);
  });

  it("charges each socket handshake to the address's api budget", async () => {
    const from = host();
    const counted = await refusalsAfter(async () => {
      let accepted = 0;
      for (let i = 0; i < 45; i++) {
        const socket = open(from);
        if (!(await connected(socket))) continue;
        accepted++;
        // Closed before the next one: SOCKETS_PER_CLIENT is not what this test meets.
        const closed = new Promise((resolve) => socket.io.engine.once('close', resolve));
        socket.disconnect();
        await closed;
        await sleep(20);
      }
      expect(accepted).toBe(40);
    });
    expect(counted.socketHandshakes).toBe(5);
    expect(counted.socketsPerClient).toBe(0);
  });

  it('holds HTTP_CONNECTIONS_PER_CLIENT connections per address: the longest idle one makes room, else the new one is closed', async () => {
    const from = host();
    const opened = (waitingBody: boolean) =>
      new Promise<TcpSocket>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port), localAddress: from });
        tcp.push(socket);
        socket.on('error', () => undefined);
        socket.once('connect', () => {
          // A request whose body never comes is in flight: its connection is not idle.
          if (waitingBody)
            socket.write(
              'POST /api/nfts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n',
            );
          resolve(socket);
        });
      });
    const isClosed = (socket: TcpSocket) =>
      Promise.race([
        new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))),
        sleep(500).then(() => socket.destroyed),
      ]);

    const counted = await refusalsAfter(async () => {
      const idle = await opened(false);
      const busy = await Promise.all(Array.from({ length: 7 }, () => opened(true)));
      await sleep(100);
      // The ninth takes the idle one's place.
      const ninth = await opened(false);
      expect(await isClosed(idle)).toBe(true);
      expect(await isClosed(ninth)).toBe(false);
      // Now the one idle connection is the ninth: the tenth replaces it; with it busy, an eleventh is refused.
      const tenth = await opened(true);
      expect(await isClosed(ninth)).toBe(true);
      await sleep(100);
      const eleventh = await opened(false);
      expect(await isClosed(eleventh)).toBe(true);
      for (const socket of [...busy, tenth]) expect(socket.destroyed).toBe(false);
      // Another address is not concerned.
      expect((await request(url).get('/api/health/live')).status).toBe(200);
    });
    expect(counted.httpPerClient).toBe(3);
  });
});

describe(`${SocketLimits.name}: in all`, () => {
  let isolated: IsolatedApi;
  let url: string;
  const sockets: ClientSocket[] = [];
  const tcp: TcpSocket[] = [];

  beforeAll(async () => {
    isolated = await startIsolatedApi('socket-limits-total', {
      env: { SOCKETS_TOTAL: '2', HTTP_CONNECTIONS_TOTAL: '6' },
    });
    await isolated.app.listen(0, '127.0.0.1');
    url = await isolated.app.getUrl();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const socket of tcp) socket.destroy();
    await isolated.close();
  });

  const connects = (from: string) =>
    new Promise<boolean>((resolve) => {
      const socket: ClientSocket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        localAddress: from,
      } as Parameters<typeof io>[1]);
      sockets.push(socket);
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });

  it('refuses sockets past SOCKETS_TOTAL and connections past HTTP_CONNECTIONS_TOTAL, whatever their address', async () => {
    expect(await connects('127.0.0.21')).toBe(true);
    expect(await connects('127.0.0.22')).toBe(true);
    expect(await connects('127.0.0.23')).toBe(false);

    // Two websockets hold two connections; four silent ones fill the rest, a fifth takes the place
    // of the longest idle one (an address's own cap is far).
    const open = (from: string) =>
      new Promise<TcpSocket>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port), localAddress: from });
        tcp.push(socket);
        socket.on('error', () => undefined);
        socket.once('connect', () => resolve(socket));
      });
    const silent: TcpSocket[] = [];
    for (let i = 0; i < 4; i++) silent.push(await open(`127.0.0.${30 + i}`));
    await sleep(100);
    const closed = new Promise<void>((resolve) => silent[0]!.once('close', () => resolve()));
    await open('127.0.0.40');
    await closed;
    await sleep(100);
    expect(silent.slice(1).every((socket) => !socket.destroyed)).toBe(true);
    expect(sockets.slice(0, 2).every((socket) => socket.connected)).toBe(true);

    const status = await request(url)
      .get('/api/admin/security-status')
      .set('Cookie', await adminCookie(url));
    // The login above took an idle connection's place too.
    expect((status.body as SecurityStatus).connectionRefusals).toMatchObject({ socketsTotal: 1 });
    expect((status.body as SecurityStatus).connectionRefusals.httpTotal).toBeGreaterThanOrEqual(1);
  });
});
