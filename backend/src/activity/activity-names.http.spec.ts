import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTES,
  apiPath,
  type ActivityPage,
  type ApiRoute,
  type CollectionHoldersPage,
  type TokenOwnersPage,
} from '@nexus/contract';
import request from 'supertest';
import type { DevchainManifest } from '../../../deploy/devchain/src/manifest.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import { TransferIndexRepository, type TransferRow } from '../transfer-index/index.js';

const maybe = describeWith([TEST_CHAIN]);

const ZERO = '0x0000000000000000000000000000000000000000';
const CONTRACT = `0x${'c0'.repeat(20)}`;
const NOBODY = `0x${'12'.repeat(20)}`;

/** Polygon's index with a few transfers between the given wallets (names are read on Ethereum). */
async function seedIndex(app: NestExpressApplication, named: string, claimed: string): Promise<void> {
  const repository = new TransferIndexRepository(app.get(EntityManager));
  await repository.open('polygon', 1n, 0);
  const row = (block: bigint, logIndex: number, tokenId: bigint, from: string, to: string): TransferRow => ({
    blockNumber: block,
    logIndex,
    position: 0,
    contract: CONTRACT,
    tokenId,
    from,
    to,
    amount: 1n,
    standard: 'ERC-721',
    txHash: `0x${block.toString(16).padStart(2, '0')}${logIndex.toString(16).padStart(62, '0')}`,
    blockTime: new Date(Date.UTC(2026, 10, 1, 0, Number(block))),
  });
  await repository.apply(
    'polygon',
    {
      toBlock: 2n,
      toBlockHash: `0x${'ab'.repeat(32)}`,
      head: 2n,
      transfers: [
        row(1n, 0, 1n, ZERO, named),
        row(1n, 1, 2n, ZERO, claimed),
        row(1n, 2, 3n, ZERO, NOBODY),
        row(1n, 3, 4n, ZERO, named),
        row(2n, 0, 1n, named, NOBODY),
      ],
    },
    { blocksPerSecond: 1, logsPerSecond: 1 },
  );
}

/**
 * The primary ENS names of the activity pages' addresses, read on the test chain's ENS (the
 * ethereum dev chain), for a feed of another network, as the wallet header names a wallet.
 */
maybe('activity pages with primary names', () => {
  let ens: NonNullable<DevchainManifest['ens']>;
  let named: { address: string; name: string };
  let claimed: string;

  const get = (app: NestExpressApplication, route: ApiRoute, params: Record<string, string>) =>
    request(app.getHttpServer()).get(apiPath(route, params as never));

  beforeAll(() => {
    const manifest = JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as DevchainManifest;
    if (!manifest.ens) throw new Error('the test chain has no ENS');
    ens = manifest.ens;
    named = ens.primaryNames.find((record) => record.verified)!;
    // A reverse record whose name resolves elsewhere: no primary name.
    claimed = ens.primaryNames.find((record) => !record.verified)!.address;
  });

  describe('with the ENS node answering', () => {
    let isolated: IsolatedApi;
    let sut: NestExpressApplication;

    beforeAll(async () => {
      isolated = await startIsolatedApi('activity-names', {
        manifest: TEST_MANIFEST,
        env: { ETHEREUM_RPC_URL: '', POLYGON_RPC_URL: '', CRONOS_RPC_URL: '' },
      });
      sut = isolated.app;
      await seedIndex(sut, named.address, claimed);
    });

    afterAll(async () => {
      await isolated?.close();
    });

    it("names a feed's addresses that have a primary name, and no other", async () => {
      const res = await get(sut, API_ROUTES.collectionActivity, { network: 'polygon', address: CONTRACT });
      expect(res.status).toBe(200);
      const page = res.body as ActivityPage;
      expect(page.items).toHaveLength(5);
      expect(new Set(page.items.flatMap((event) => [event.from, event.to]))).toEqual(
        new Set([ZERO, named.address, claimed, NOBODY]),
      );
      expect(page.names).toEqual({ [named.address]: named.name });
    });

    it("names the wallet's feed, a token's history, its owner and the holders alike", async () => {
      const token = { network: 'polygon', address: CONTRACT, tokenId: '1' };
      const wallet = (
        await get(sut, API_ROUTES.walletActivity, { network: 'polygon', address: named.address })
      ).body as ActivityPage;
      expect(wallet.items).toHaveLength(3);
      expect(wallet.names).toEqual({ [named.address]: named.name });

      const history = (await get(sut, API_ROUTES.tokenHistory, token)).body as ActivityPage;
      expect(history.items.map((event) => [event.from, event.to])).toEqual([
        [named.address, NOBODY],
        [ZERO, named.address],
      ]);
      expect(history.names).toEqual({ [named.address]: named.name });

      // Token 1 left the named wallet: its owner has no name; token 4 it still holds.
      const owner = (await get(sut, API_ROUTES.tokenOwners, token)).body as TokenOwnersPage;
      expect(owner.items.map((item) => item.owner)).toEqual([NOBODY]);
      expect(owner.names).toEqual({});
      const holder = (await get(sut, API_ROUTES.tokenOwners, { ...token, tokenId: '4' }))
        .body as TokenOwnersPage;
      expect(holder.names).toEqual({ [named.address]: named.name });

      const holders = (
        await get(sut, API_ROUTES.collectionHolders, { network: 'polygon', address: CONTRACT })
      ).body as CollectionHoldersPage;
      expect(holders.items.map((item) => item.owner).sort()).toEqual([named.address, claimed, NOBODY].sort());
      expect(holders.names).toEqual({ [named.address]: named.name });
    });
  });

  describe('with the ENS node not answering', () => {
    let isolated: IsolatedApi;
    let node: Server;
    const held: ServerResponse[] = [];

    beforeAll(async () => {
      // A node that tells its chain id and then never answers a call: ENS is stuck.
      node = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const call = JSON.parse(body) as { id: number; method: string };
          if (call.method !== 'eth_chainId') {
            held.push(res);
            return;
          }
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: '0x1' }));
        });
      });
      await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
      const { port } = node.address() as AddressInfo;
      isolated = await startIsolatedApi('activity-names-stuck', {
        env: { ETHEREUM_RPC_URL: `http://127.0.0.1:${port}/` },
      });
      await seedIndex(isolated.app, named.address, claimed);
    });

    afterAll(async () => {
      await isolated?.close();
      for (const res of held) res.destroy();
      node.closeAllConnections();
      await new Promise((resolve) => node.close(resolve));
    });

    it('answers the page without names', async () => {
      const res = await get(isolated.app, API_ROUTES.collectionActivity, {
        network: 'polygon',
        address: CONTRACT,
      });
      expect(res.status).toBe(200);
      expect((res.body as ActivityPage).items).toHaveLength(5);
      expect((res.body as ActivityPage).names).toEqual({});
      // The look-ups reached the node: the page answered without waiting for them.
      expect(held.length).toBeGreaterThan(0);
    });
  });
});
