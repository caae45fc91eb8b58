import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTES,
  type DetectNetworkResponse,
  type LocateCollectionResponse,
  type Network,
} from '@nexus/contract';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { readTestManifest, type TestManifest } from '../../../test/support/system.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import { AddressesController } from './addresses.controller.js';

const maybe = describeWith([TEST_CHAIN]);

/** Each network's node behind a front that counts the JSON-RPC requests it passes on. */
async function countingNodes(
  manifest: TestManifest,
): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    const network = (req.url ?? '').slice(1) as Network;
    const target = manifest.networks[network]?.rpcUrl;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls++;
      if (!target) {
        res.writeHead(404).end();
        return;
      }
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, calls: () => calls };
}

/**
 * POST /api/detect-network and /api/locate-collection against the test chains: each asks every
 * network about an address it has not seen, so answers are kept by address and the routes have a
 * budget of their own (issue 21: 400 addresses took 73 s and slowed other visitors' scans).
 */
maybe(AddressesController.name, () => {
  const DETECT_BUDGET = 8;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let nodes: Awaited<ReturnType<typeof countingNodes>>;
  let manifest: TestManifest;
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;
  const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;
  const collection = (name: string) => manifest.collections.find((c) => c.name === name)!;

  beforeAll(async () => {
    manifest = readTestManifest();
    nodes = await countingNodes(manifest);
    isolated = await startIsolatedApi('addresses', {
      manifest: TEST_MANIFEST,
      env: {
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_DETECT: `${DETECT_BUDGET}/60`,
        ETHEREUM_RPC_URL: `${nodes.url}/ethereum`,
        POLYGON_RPC_URL: `${nodes.url}/polygon`,
        CRONOS_RPC_URL: `${nodes.url}/cronos`,
      },
    });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated?.close();
    await new Promise((resolve) => nodes?.server.close(resolve));
  });

  const detect = (address: string, from = ip()) =>
    request(sut.getHttpServer())
      .post(API_ROUTES.detectNetwork.path)
      .set('X-Forwarded-For', from)
      .send({ address });
  const locate = (address: string, from = ip()) =>
    request(sut.getHttpServer())
      .post(API_ROUTES.locateCollection.path)
      .set('X-Forwarded-For', from)
      .send({ address });

  it('asks the chain once per address: the same address again is answered without a chain call', async () => {
    const critters = collection('Nexus Cronos Critters');
    const first = await detect(critters.address);
    expect(first.status).toBe(200);
    expect(first.body as DetectNetworkResponse).toEqual({ network: 'cronos' });
    const asked = nodes.calls();
    expect(asked).toBeGreaterThan(0);

    for (const address of [critters.address, critters.address.toUpperCase().replace('0X', '0x')]) {
      const again = await detect(address);
      expect(again.body as DetectNetworkResponse).toEqual({ network: 'cronos' });
    }
    expect(nodes.calls()).toBe(asked);
  });

  it('keeps a negative answer too: an address that is nothing anywhere is asked once', async () => {
    const nobody = randomAddress();
    expect((await detect(nobody)).body).toEqual({ network: 'ethereum' });
    const asked = nodes.calls();
    // Simultaneous requests for it share the answer kept.
    const again = await Promise.all(Array.from({ length: 5 }, () => detect(nobody)));
    expect(again.map((res) => res.body as DetectNetworkResponse)).toEqual(
      Array.from({ length: 5 }, () => ({ network: 'ethereum' })),
    );
    expect(nodes.calls()).toBe(asked);
  });

  it('shares one look-up between simultaneous requests for a new address', async () => {
    let before = nodes.calls();
    await locate(randomAddress());
    const one = nodes.calls() - before;

    before = nodes.calls();
    const address = randomAddress();
    const answers = await Promise.all(Array.from({ length: 6 }, () => locate(address)));

    expect(answers.map((res) => res.status)).toEqual(Array<number>(6).fill(200));
    // Six requests at once cost what one costs.
    expect(nodes.calls() - before).toBe(one);
  });

  it(`refuses a client's look-up past the 'detect' budget with 429 and Retry-After`, async () => {
    const client = ip();
    for (let i = 0; i < DETECT_BUDGET; i++) expect((await detect(randomAddress(), client)).status).toBe(200);

    const refused = await detect(randomAddress(), client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same budget covers the collection look-up; another client is not affected.
    expect((await locate(randomAddress(), client)).status).toBe(429);
    expect((await detect(randomAddress())).status).toBe(200);
  });

  it('names every network where a contract is an ERC-721 or ERC-1155 collection', async () => {
    const apes = collection('Nexus Apes');
    const passes = collection('Nexus Polygon Passes');
    const wallet = manifest.wallets[0]!.address;

    expect(
      (await locate(apes.address.toUpperCase().replace('0X', '0x'))).body as LocateCollectionResponse,
    ).toEqual({
      address: apes.address,
      collections: [{ network: 'ethereum', name: 'Nexus Apes', standard: 'ERC-721' }],
    });
    expect(((await locate(passes.address)).body as LocateCollectionResponse).collections).toEqual([
      { network: 'polygon', name: 'Nexus Polygon Passes', standard: 'ERC-1155' },
    ]);
    expect((await locate(wallet)).body).toEqual({ address: wallet, collections: [] });
    const notAnAddress = await locate('apes');
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.message).toBe(
      'Please enter a valid contract address (0x...) or select a collection from suggestions.',
    );
  });
});
