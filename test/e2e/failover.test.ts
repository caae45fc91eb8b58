import { MikroORM } from '@mikro-orm/postgresql';
import {
  scanKey,
  SocketEvent,
  type ClientToServerEvents,
  type ScanCompleted,
  type ScanProgress,
  type ServerToClientEvents,
} from '@nexus/contract';
import type { Socket } from 'socket.io-client';
import { ormConfig } from '../../backend/src/platform/database/mikro-orm.config.js';
import {
  bigCollections,
  connectSocket,
  postNfts,
  readTestManifest,
  startSystem,
  type RunningSystem,
} from '../support/system.js';
import { TEST_DATABASE_URL, TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';
import { describeWith, TEST_CHAIN } from '../support/requirements.js';
import { ENTITIES } from '../../backend/src/entities.js';

const maybe = describeWith([TEST_CHAIN]);

maybe('a worker killed mid-scan (real processes, chains, PostgreSQL, Redis)', () => {
  let system: RunningSystem;
  let orm: MikroORM;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;

  beforeAll(async () => {
    // A short job lock so the surviving worker takes the job over within seconds.
    system = await startSystem({
      prefix: testPrefix('failover'),
      port: 3211 + TEST_PORT_OFFSET,
      workers: 2,
      env: { JOB_LOCK_MS: '3000', SCAN_WAIT_MS: '120000' },
    });
    orm = await MikroORM.init(ormConfig(TEST_DATABASE_URL, ENTITIES));
    socket = await connectSocket(system.url);
  });

  afterAll(async () => {
    socket?.disconnect();
    await orm?.close(true);
    await system?.stop();
  });

  it('leaves the job to the other worker, which completes it without duplicate rows', async () => {
    // Each end-to-end file scans its own collection (they share the test database).
    const collection = bigCollections(readTestManifest()).find((c) => c.network === 'ethereum')!;
    const key = scanKey('collection', collection.network, collection.address);
    await socket.emitWithAck(SocketEvent.Subscribe, key);
    const calculating = new Promise<ScanProgress>((resolve) =>
      socket.on(
        SocketEvent.Progress,
        (p) => p.key === key && p.stage === 'calculating' && p.metadataFetched > 100 && resolve(p),
      ),
    );
    const completed = new Promise<ScanCompleted>((resolve) =>
      socket.on(SocketEvent.Completed, (e) => e.key === key && resolve(e)),
    );

    // Only this test's runs count: another file may have scanned the same collection before.
    const conn = orm.em.getConnection();
    const [before] = await conn.execute<Array<{ id: number }>>(
      `select coalesce(max(id), 0)::int as id from scan where key = ?`,
      [key],
    );

    const answer = postNfts(system.url, {
      address: collection.address,
      network: collection.network,
      searchType: 'collection',
      forceRefresh: true,
    });
    await calculating;

    // Kill whichever worker holds the job, mid-way through metadata.
    const [running] = await conn.execute<Array<{ worker: string }>>(
      `select worker from scan where key = ? and status = 'running' order by id desc limit 1`,
      [key],
    );
    const pid = Number(running!.worker.split(':').pop());
    const victim = system.workers.find((w) => w.child.pid === pid)!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');

    const done = await completed;
    expect(done.totalNfts).toBe(collection.totalSupply);
    const res = await answer;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nfts: unknown[]; error: string | null };
    expect(body.error).toBeNull();
    expect(body.nfts).toHaveLength(collection.totalSupply);

    const [counts] = await conn.execute<Array<{ rows: number; distinct_tokens: number }>>(
      `select count(*)::int as rows, count(distinct n.token_id)::int as distinct_tokens
         from nft n join collection c on c.id = n.collection_id where c.network = ? and c.address = ?`,
      [collection.network, collection.address],
    );
    expect(counts).toEqual({ rows: collection.totalSupply, distinct_tokens: collection.totalSupply });

    const runs = await conn.execute<Array<{ worker: string; status: string }>>(
      `select worker, status from scan where key = ? and id > ? order by id`,
      [key, before!.id],
    );
    // The dead attempt's row is closed, not left running, and the take-over is said in the log.
    expect(runs.map((r) => r.status)).toEqual(['abandoned', 'complete']);
    expect(runs[1]!.worker).not.toBe(runs[0]!.worker);
    const survivor = system.workers.find((w) => w !== victim)!;
    expect(survivor.output.join('\n')).toContain(
      `scan ${key} stalled on worker ${runs[0]!.worker}; taken over`,
    );
  }, 180_000);
});
