import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RpcProvidersResponse } from '@nexus/contract';
import request from 'supertest';
import { PublicNodeProxy } from '../../../deploy/devchain/src/index.js';
import type { DevchainManifest } from '../../../deploy/devchain/src/manifest.js';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { TEST_MANIFEST, TEST_ROOT, testConfig, testEnv, testPrefix } from '../../../test/support/test-env.js';
import { createApiApp } from '../bootstrap.js';
import { ConfigError } from '../platform/config/index.js';
import { RPC_SOURCE } from './chain.tokens.js';
import type { RpcNftSource } from './rpc/rpc-nft.source.js';
import { RpcProvidersReport } from './rpc-providers.report.js';

describeWith([TEST_CHAIN])('Several JSON-RPC URLs per network', () => {
  let manifest: DevchainManifest;

  beforeAll(() => {
    manifest = JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as DevchainManifest;
  });

  it("refuses to start when a URL answers another chain's id, naming that URL", async () => {
    const polygon = manifest.networks.polygon.rpcUrl;
    let error: unknown;
    try {
      const app = await createApiApp(
        testConfig(testPrefix('rpc-chain-id'), {
          DEVCHAIN_MANIFEST: '/nonexistent/devchain.json',
          // The second ethereum URL is a polygon node.
          ETHEREUM_RPC_URL: `${manifest.networks.ethereum.rpcUrl},${polygon}`,
          POLYGON_RPC_URL: polygon,
          CRONOS_RPC_URL: manifest.networks.cronos.rpcUrl,
        }),
        { logger: false },
      );
      // Nest runs the modules' start hooks here (app.listen does the same).
      await app.init().finally(() => app.close());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      `ETHEREUM_RPC_URL: ${polygon} answers chain id 137, not ethereum's 1`,
    ]);
  });

  it("stops a worker on a URL of another chain's id, naming that URL", async () => {
    const ethereum = manifest.networks.ethereum.rpcUrl;
    // The worker as an operator starts it (built by tsc -b).
    const worker = spawn(process.execPath, [join(TEST_ROOT, 'workers', 'dist', 'main.js')], {
      env: {
        ...process.env,
        ...testEnv(testPrefix('rpc-chain-id-worker'), {
          DEVCHAIN_MANIFEST: '/nonexistent/devchain.json',
          ETHEREUM_RPC_URL: ethereum,
          POLYGON_RPC_URL: manifest.networks.polygon.rpcUrl,
          // An ethereum node as cronos's.
          CRONOS_RPC_URL: ethereum,
          LOG_LEVEL: 'silent',
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => worker.on('exit', resolve));

    expect(code).toBe(1);
    expect(output).toContain(`CRONOS_RPC_URL: ${ethereum} answers chain id 1, not cronos's 25`);
    expect(output).not.toContain('ready');
  }, 60_000);

  describe('one of two cronos URLs closed in the middle of a scan', () => {
    let isolated: IsolatedApi;
    let sut: NestExpressApplication;
    let fronts: PublicNodeProxy[];

    beforeAll(async () => {
      const cronos = manifest.networks.cronos.rpcUrl;
      // Two public-node fronts over one chain: two providers of one network.
      const limits = { requestsPerSecond: 100_000, maxLogRange: 5, maxLogResults: null };
      fronts = await Promise.all([
        PublicNodeProxy.start(cronos, limits),
        PublicNodeProxy.start(cronos, limits),
      ]);
      isolated = await startIsolatedApi('rpc-failover', {
        env: {
          ETHEREUM_RPC_URL: manifest.networks.ethereum.rpcUrl,
          POLYGON_RPC_URL: manifest.networks.polygon.rpcUrl,
          CRONOS_RPC_URL: fronts.map((front) => front.url).join(','),
        },
      });
      sut = isolated.app;
    });

    afterAll(async () => {
      await isolated?.close();
      await Promise.all((fronts ?? []).map((front) => front.close()));
    });

    it("completes the scan with the chain's tokens; health stays 200; the admin sees both nodes", async () => {
      const critters = manifest.collections.find(
        (c) => c.network === 'cronos' && !c.enumerable && c.standard === 'ERC-721',
      );
      if (!critters) throw new Error('the dev world has no non-enumerable cronos collection');
      const rpc = sut.get<RpcNftSource>(RPC_SOURCE);
      const info = await rpc.getCollection('cronos', critters.address);
      expect(info).not.toBeNull();

      let closed = false;
      let callsAtClose = 0;
      const tokens = await rpc.enumerateCollection(info!, () => {
        if (closed || fronts[1]!.calls === 0) return;
        // The second node goes away while the scan is under way.
        closed = true;
        callsAtClose = fronts[1]!.calls;
        void fronts[1]!.close();
      });

      expect(closed).toBe(true);
      expect(callsAtClose).toBeGreaterThan(0);
      expect(tokens).toHaveLength(critters.totalSupply);
      expect(new Set(tokens.map((token) => token.tokenId)).size).toBe(critters.totalSupply);
      // The first node carried the scan once the second was gone, its narrow span learnt.
      expect(fronts[0]!.calls).toBeGreaterThan(0);
      expect(fronts[0]!.refused.logRange).toBeGreaterThan(0);

      // Reads in parallel, as visitors' come, for a few seconds: they spread over both nodes (a node
      // that answered slowly during the scan is asked again once its figure has faded, within
      // seconds), so the closed one is asked and fails, and each read is answered by the other all
      // the same. (Whether it shows "set aside" at this instant depends on when its last failure
      // was: its set-aside lasts 2 s, doubling.)
      const closedNode = () => rpc.getProviders().cronos![1]!;
      for (let round = 0; round < 40 && closedNode().errors === 0; round++) {
        const reads = await Promise.all(
          Array.from({ length: 16 }, () => rpc.getCollection('cronos', critters.address)),
        );
        expect(reads.every((read) => read?.address === info!.address)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(closedNode().errors).toBeGreaterThan(0);
      expect(closedNode().lastError).toEqual(expect.any(String));

      const health = await request(sut.getHttpServer()).get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body.chains.cronos).toMatchObject({ state: 'up', chainId: 25, rpcUrl: fronts[0]!.url });

      await sut.get(RpcProvidersReport).flush();
      const refused = await request(sut.getHttpServer()).get('/api/admin/rpc-providers');
      expect(refused.status).toBe(401);
      const cookie = await adminCookie(sut.getHttpServer());
      const answer = await request(sut.getHttpServer()).get('/api/admin/rpc-providers').set('Cookie', cookie);
      expect(answer.status).toBe(200);
      const cronos = (answer.body as RpcProvidersResponse).networks.find((n) => n.network === 'cronos')!;
      expect(cronos.chainId).toBe(25);
      expect(cronos.providers.map((p) => p.url)).toEqual(fronts.map((front) => front.url));
      const [first, second] = cronos.providers;
      console.log(
        `${critters.totalSupply} tokens enumerated; node 2 closed after ${callsAtClose} calls; node 1 answered ${fronts[0]!.calls} calls; node 2 failed ${second!.errors} calls after its close, each answered by node 1`,
      );
      expect(first).toMatchObject({ health: 'healthy', errors: 0, learntSpan: 5, spanStated: true });
      expect(first!.requests).toBeGreaterThan(0);
      expect(first!.latencyMs).not.toBeNull();
      expect(second!.requests).toBeGreaterThan(0);
      expect(second!.errors).toBeGreaterThan(0);
      expect(second!.lastError).toEqual(expect.any(String));
    }, 120_000);
  });
});
