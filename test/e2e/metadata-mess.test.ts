import { METADATA_REASONS, type MetadataReason, type Nft } from '@nexus/contract';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessyMetadataServer } from '../../deploy/devchain/src/messy-metadata.server.js';
import {
  deploySpreadCollection,
  scanCollection,
  startFaultChain,
  type FaultChain,
} from '../faults/support/fault-stack.js';
import { dropDatabase, freshDatabase } from '../support/fresh-database.js';
import {
  BROKEN,
  countedPrivateRefusals,
  nftsOfKinds,
  outcomesByKind,
  READ_IN_SCAN,
  SLOW,
} from '../support/metadata-mess.js';
import { describeWith, TEST_CHAIN } from '../support/requirements.js';
import { startSystem, type RunningSystem } from '../support/system.js';
import { TEST_PORT_OFFSET, TEST_REDIS_URL, testPrefix } from '../support/test-env.js';

/** A small Nexus Wilds: 5 tokens of each 1 % share of the messy hosts. */
const TOKENS = 500;

const maybe = describeWith([TEST_CHAIN]);

/**
 * Issue 22 item 4's acceptance in the normal suite (the 10,000-token run and the retry job's fill
 * are the fault suite's, test/faults/metadata-mess.faults.test.ts): a cold scan of a collection
 * spread over mainnet's messy metadata hosts lists every token, says why each missing one is
 * missing, and refuses the redirect to a private address before connecting, counting each refusal.
 */
maybe(`a ${TOKENS}-token collection over messy metadata hosts (real processes, chain, hosts)`, () => {
  let messy: MessyMetadataServer;
  let chain: FaultChain;
  let system: RunningSystem;
  let databaseUrl: string;
  const prefix = testPrefix('metadata-mess');
  let scanned: Nft[] = [];

  beforeAll(async () => {
    messy = await MessyMetadataServer.start({ firstPort: 18620 + TEST_PORT_OFFSET, throttlePerSecond: 2 });
    chain = await startFaultChain(18640 + TEST_PORT_OFFSET);
    const address = await deploySpreadCollection(chain, {
      name: 'Nexus Wilds',
      symbol: 'WILDS',
      baseUris: messy.baseUris(),
      count: TOKENS,
    });
    databaseUrl = await freshDatabase('metadata_mess_e2e');
    system = await startSystem({
      prefix,
      port: 3285 + TEST_PORT_OFFSET,
      workers: 1,
      env: {
        DATABASE_URL: databaseUrl,
        DEVCHAIN_MANIFEST: join(tmpdir(), 'nexus-e2e-no-manifest.json'),
        ETHEREUM_RPC_URL: chain.url,
        POLYGON_RPC_URL: `http://127.0.0.1:${18546 + TEST_PORT_OFFSET}`,
        CRONOS_RPC_URL: `http://127.0.0.1:${18547 + TEST_PORT_OFFSET}`,
        METADATA_ALLOWED_HOSTS: messy.allowedHosts.join(','),
        IPFS_GATEWAYS: messy.ipfsGateways.join(','),
        METADATA_SCAN_TIMEOUT_MS: '3000',
      },
    });
    const { status, body } = await scanCollection(system.url, 'ethereum', address);
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    scanned = body.nfts;
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    await chain?.anvil.stop();
    await messy?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('lists every token, each missing one with its reason', () => {
    expect(new Set(scanned.map((n) => n.tokenId))).toEqual(
      new Set(Array.from({ length: TOKENS }, (_, i) => String(i))),
    );
    const missing = scanned.filter((n) => n.attributes.length === 0);
    // The slow hosts, the CID no gateway has, the HTML page and the private redirect at least.
    expect(missing.length).toBeGreaterThanOrEqual((TOKENS / 100) * 5);
    expect(missing.filter((n) => !n.metadataReason)).toEqual([]);
    // Read during the scan, or (a machine too loaded for the budget) pending: never lost.
    const fast = nftsOfKinds(scanned, READ_IN_SCAN);
    expect(fast.filter((n) => n.attributes.length > 0).length).toBeGreaterThanOrEqual(fast.length * 0.9);
    for (const nft of fast.filter((n) => n.attributes.length === 0)) {
      expect(nft).toMatchObject({ metadataUnavailable: true, metadataReason: METADATA_REASONS.timeout });
    }
    for (const nft of nftsOfKinds(scanned, SLOW)) {
      expect(nft).toMatchObject({ metadataUnavailable: true, metadataReason: METADATA_REASONS.timeout });
    }
    for (const nft of nftsOfKinds(scanned, ['ipfs-missing'])) {
      expect(nft).toMatchObject({
        metadataUnavailable: true,
        metadataReason: METADATA_REASONS['ipfs-missing'],
      });
    }
    for (const [kind, reason] of Object.entries(BROKEN) as Array<[keyof typeof BROKEN, MetadataReason]>) {
      for (const nft of nftsOfKinds(scanned, [kind])) {
        expect(nft).toMatchObject({ metadataReason: METADATA_REASONS[reason] });
        expect(nft).not.toHaveProperty('metadataUnavailable');
      }
    }
    console.log(`metadata mess, ${TOKENS} tokens: ${outcomesByKind(scanned)}`);
  });

  it('refuses the redirect to a private address before connecting, and counts each refusal', async () => {
    expect(messy.privateConnections).toBe(0);
    const refused = scanned.filter((n) => n.metadataReason === METADATA_REASONS['private-address']).length;
    expect(refused).toBe(nftsOfKinds(scanned, ['redirect-private']).length);
    expect(refused).toBeGreaterThan(0);
    expect(await countedPrivateRefusals(TEST_REDIS_URL, prefix, refused)).toBe(refused);
  });
});
