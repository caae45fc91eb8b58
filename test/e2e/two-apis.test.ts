import {
  scanKey,
  SocketEvent,
  type ClientToServerEvents,
  type ScanCompleted,
  type ScanProgress,
  type HealthResponse,
  type ServerToClientEvents,
} from '@nexus/contract';
import type { Socket } from 'socket.io-client';
import {
  connectSocket,
  postNfts,
  readTestManifest,
  startSystem,
  type RunningSystem,
} from '../support/system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';
import { describeWith, TEST_CHAIN } from '../support/requirements.js';

const maybe = describeWith([TEST_CHAIN]);

maybe('progress across two API processes (Socket.IO Redis adapter)', () => {
  let system: RunningSystem;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;

  beforeAll(async () => {
    system = await startSystem({
      prefix: testPrefix('two-apis'),
      // Ports 3225 and 3226 of slot 0: from 3221, slot 10's second API (4222) was the port NATS
      // listens on, on machines that run it.
      port: 3225 + TEST_PORT_OFFSET,
      apis: 2,
      workers: 1,
    });
    // The browser is connected to the second API; the request goes to the first.
    socket = await connectSocket(system.urls[1]!);
  });

  afterAll(async () => {
    socket?.disconnect();
    await system?.stop();
  });

  it('delivers every stage of a scan requested on one API to a browser on the other', async () => {
    const collection = readTestManifest().collections.find(
      (c) => c.network === 'cronos' && c.standard === 'ERC-721',
    )!;
    const key = scanKey('collection', collection.network, collection.address);
    const events: Array<ScanProgress & { receivedAt: number }> = [];
    socket.on(SocketEvent.Progress, (p) => p.key === key && events.push({ ...p, receivedAt: Date.now() }));
    const completed = new Promise<ScanCompleted>((resolve) =>
      socket.on(SocketEvent.Completed, (e) => e.key === key && resolve(e)),
    );
    await socket.emitWithAck(SocketEvent.Subscribe, key);

    const res = await postNfts(system.urls[0]!, {
      address: collection.address,
      network: collection.network,
      searchType: 'collection',
      // A scan, even when an earlier test file stored this collection (then it is answered from
      // PostgreSQL without one, and no progress would come).
      forceRefresh: true,
    });
    expect(res.status).toBe(200);
    const done = await completed;

    expect(done.totalNfts).toBe(collection.totalSupply);
    expect([...new Set(events.map((e) => e.stage))]).toEqual([
      'initializing',
      'preparing',
      'calculating',
      'finalizing',
      'complete',
    ]);
    const latencies = events.map((e) => e.receivedAt - e.emittedAt).sort((a, b) => a - b);
    const p95 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)]!;
    console.log(
      `progress worker → browser over 2 APIs: ${events.length} events, p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p95 ${p95} ms, max ${latencies.at(-1)} ms`,
    );
  }, 120_000);

  it('reports every dependency up in GET /api/health', async () => {
    const res = await fetch(`${system.urls[1]}/api/health`);
    expect(res.status).toBe(200);
    const health = (await res.json()) as HealthResponse;
    expect(health).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
    expect(Object.keys(health.chains).sort()).toEqual(['cronos', 'ethereum', 'polygon']);
    expect(Object.values(health.chains).map((c) => c.state)).toEqual(['up', 'up', 'up']);
    expect(health.chains.polygon!.chainId).toBe(137);
    expect(health.queues['collection-scan']).toMatchObject({ state: 'up', workers: 1 });
  });
});
