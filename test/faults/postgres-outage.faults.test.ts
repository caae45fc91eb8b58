import { scanKey, SocketEvent, type NftsResponse, type ScanFailed } from '@nexus/contract';
import { describeWith, TEST_CHAIN } from '../support/requirements.js';
import { bigCollections, postNfts, readTestManifest, type ManifestCollection } from '../support/system.js';
import { OUTAGE_SERVICES, report } from './support/outage-services.js';
import { useOutageScenario } from './support/outage-scenario.js';
import { readLoad } from './support/read-load.js';

const maybe = describeWith([TEST_CHAIN, OUTAGE_SERVICES]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OUTAGE_MS = 10_000;
const CLIENTS = 10;

maybe(
  'PostgreSQL stopped (immediate) for 10 s under load and during scans (own Redis and PostgreSQL)',
  () => {
    const scenario = useOutageScenario({
      name: 'faults-postgres',
      workers: 2,
      env: { SCAN_WAIT_MS: '300000' },
    });

    const post = (collection: ManifestCollection, forceRefresh = false) =>
      postNfts(scenario.env.system.url, {
        address: collection.address,
        network: collection.network,
        searchType: 'collection',
        forceRefresh,
      });
    const searchesOf = async (collection: ManifestCollection): Promise<number> => {
      const [row] = await scenario.orm.em
        .getConnection()
        .execute<Array<{ n: number }>>(`select count(*)::int as n from search where term = ?`, [
          collection.address,
        ]);
      return row!.n;
    };

    it('loses no search record and reports no saved scan failed', async () => {
      const manifest = readTestManifest();
      const cached = manifest.collections
        .filter((c) => c.standard === 'ERC-721' && c.totalSupply > 0)
        .sort((a, b) => a.totalSupply - b.totalSupply)[0]!;
      expect((await post(cached)).status).toBe(200);
      // Scans that run through the outage: of several sizes, so that some save during it and some after.
      const scans = [
        ...bigCollections(manifest).slice(0, 2),
        ...manifest.collections.filter((c) => c.totalSupply >= 200 && c.totalSupply < 1000).slice(0, 2),
      ];
      const failures: ScanFailed[] = [];
      for (const c of scans)
        await scenario.socket.emitWithAck(SocketEvent.Subscribe, scanKey('collection', c.network, c.address));
      scenario.socket.on(SocketEvent.Failed, (event) => failures.push(event));
      await sleep(1500);
      const before = await searchesOf(cached);

      // Visitors read the cached collection throughout: each read is a search record.
      const load = readLoad(
        scenario.env.system.url,
        [
          {
            name: 'nfts',
            path: '/api/nfts',
            body: { address: cached.address, network: cached.network, searchType: 'collection' },
          },
        ],
        CLIENTS,
      );
      const answers = scans.map((c) => post(c, true));
      await sleep(3000);
      const stoppedAt = Date.now();
      scenario.env.postgres.stopImmediately();
      await sleep(OUTAGE_MS);
      // The reads stop as PostgreSQL returns: what it must catch up on is known then.
      const samples = await load.stop();
      const served = samples.filter((s) => s.status === 200).length;
      const backAt = Date.now();
      await scenario.env.postgres.start();
      // How the recorded searches catch up once PostgreSQL is back.
      const counted: Array<[number, number]> = [];
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          counted.push([Date.now(), await searchesOf(cached).catch(() => -1)]);
          await sleep(250);
        }
      })();
      // Every search answered is recorded, once: wait for the last of them.
      for (let i = 0; i < 240 && (counted.at(-1)?.[1] ?? 0) < before + served; i++) await sleep(250);
      watching = false;
      await watcher;
      const recorded = counted.at(-1)![1];
      const caughtUp = counted.find(([, n]) => n >= before + served);
      const drainedMs = caughtUp ? caughtUp[0] - backAt : Infinity;

      const bodies = await Promise.all(
        answers.map(async (answer) => {
          const res = await answer;
          return { status: res.status, ...((await res.json()) as NftsResponse) };
        }),
      );
      const conn = scenario.orm.em.getConnection();
      let open: Array<{ key: string }> = [];
      for (let i = 0; i < 120; i++) {
        open = await conn.execute<Array<{ key: string }>>(`select key from scan where status = 'running'`);
        if (open.length === 0) break;
        await sleep(500);
      }
      const runs = await conn.execute<Array<{ key: string; status: string; error: string | null }>>(
        `select key, status, error from scan order by id`,
      );

      report('PostgreSQL stopped 10 s', {
        searchesServed: served,
        searchesRecorded: recorded - before,
        searchesLost: before + served - recorded,
        recordedAllWithinMsOfReturn: drainedMs,
        scans: scans.length,
        scansFailedReported: failures.length,
        failedAttempts: runs.filter((r) => r.status === 'failed').length,
        outageMs: backAt - stoppedAt,
      });

      expect(samples.filter((s) => s.status !== 200)).toEqual([]);
      expect(served).toBeGreaterThan(0);
      expect(recorded - before).toBe(served);
      expect(failures).toEqual([]);
      for (const [i, c] of scans.entries()) {
        expect(bodies[i]).toMatchObject({ status: 200, error: null });
        // Whole up to FULL_ANSWER_MAX_NFTS; a larger collection answers its first page and its total.
        expect(bodies[i]!.paging?.total ?? bodies[i]!.nfts.length).toBe(c.totalSupply);
        const mine = runs.filter((r) => r.key === scanKey('collection', c.network, c.address));
        expect(mine.at(-1)!.status).toBe('complete');
      }
      expect(open).toEqual([]);
    }, 600_000);
  },
);
