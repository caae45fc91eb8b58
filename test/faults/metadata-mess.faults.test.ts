import {
  METADATA_REASONS,
  scanKey,
  SocketEvent,
  type ClientToServerEvents,
  type MetadataFilled,
  type MetadataReason,
  type Nft,
  type ServerToClientEvents,
} from '@nexus/contract';
import type { Socket } from 'socket.io-client';
import { connectSocket } from '../support/system.js';
import {
  MESSY_SHARES,
  MessyMetadataServer,
  messyKindOf,
  type MessyHostName,
  type MessyKind,
} from '../../deploy/devchain/src/messy-metadata.server.js';
import {
  BROKEN,
  countedPrivateRefusals,
  nftsOfKinds,
  outcomesByKind,
  READ_IN_SCAN,
  SLOW,
} from '../support/metadata-mess.js';
import { TEST_PORT_OFFSET } from '../support/test-env.js';
import {
  deploySpreadCollection,
  FAULT_PORTS,
  scanCollection,
  startFaultChain,
  startFaultSystem,
  type FaultChain,
  type FaultSystem,
} from './support/fault-stack.js';
import { recordFigure } from './support/figures.js';

/** 1,000 by default; METADATA_MESS_TOKENS=10000 for the figure of docs/PERFORMANCE.md. */
const TOKENS = Number(process.env.METADATA_MESS_TOKENS ?? 1_000);
const MESSY_FIRST_PORT = 18600 + TEST_PORT_OFFSET;

function tokensOf(kind: MessyKind): number {
  return (TOKENS / 100) * MESSY_SHARES[kind];
}

/**
 * Issue 22 item 4: a collection whose metadata is what mainnet serves (NexusHostSpread721 over
 * the hosts of MessyMetadataServer). The scan lists every token without waiting for the slow
 * hosts, says why each missing one is missing, refuses the private redirect before connecting, and
 * the metadata-retry job fills the slow tokens later, announced on the collection's socket room.
 */
describe(`a ${TOKENS}-token collection with mainnet's metadata mess`, () => {
  let messy: MessyMetadataServer;
  let chain: FaultChain;
  let stack: FaultSystem;
  let address: string;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  const filled: MetadataFilled[] = [];

  beforeAll(async () => {
    if (TOKENS % 100 !== 0) throw new Error('METADATA_MESS_TOKENS must be a multiple of 100');
    // The throttling host answers 2 requests a second: a scan asks faster than that.
    messy = await MessyMetadataServer.start({ firstPort: MESSY_FIRST_PORT, throttlePerSecond: 2 });
    chain = await startFaultChain(FAULT_PORTS.anvil);
    address = await deploySpreadCollection(chain, {
      name: 'Nexus Wilds',
      symbol: 'WILDS',
      baseUris: messy.baseUris(),
      count: TOKENS,
    });
    stack = await startFaultSystem({
      name: 'metadata_mess',
      // Every node must answer its network's chain id: polygon and cronos are the slot's dev chains.
      rpcUrls: {
        ethereum: chain.url,
        polygon: `http://127.0.0.1:${18546 + TEST_PORT_OFFSET}`,
        cronos: `http://127.0.0.1:${18547 + TEST_PORT_OFFSET}`,
      },
      env: {
        METADATA_ALLOWED_HOSTS: messy.allowedHosts.join(','),
        IPFS_GATEWAYS: messy.ipfsGateways.join(','),
        METADATA_SCAN_TIMEOUT_MS: '3000',
        // The slow hosts' breakers let a request through again soon, and the retry asks soon,
        // with time enough for the 20-s host.
        METADATA_HOST_RETRY_MS: '5000',
        METADATA_RETRY_DELAY_MS: '6000',
        METADATA_RETRY_TIMEOUT_MS: '25000',
      },
    });
    socket = await connectSocket(stack.system.url);
    socket.on(SocketEvent.MetadataFilled, (event) => filled.push(event));
    await socket.emitWithAck(SocketEvent.Subscribe, scanKey('collection', 'ethereum', address));
  }, 600_000);

  afterAll(async () => {
    socket?.disconnect();
    await stack?.stop();
    await chain?.anvil.stop();
    await messy?.close();
  });

  let scanned: Nft[] = [];

  it('lists every token without waiting for the slow hosts, each missing one with its reason', async () => {
    const started = Date.now();
    const { status, body } = await scanCollection(stack.system.url, 'ethereum', address);
    const wall = Date.now() - started;
    const answeredAtScanEnd: Record<MessyHostName, number> = { ...messy.answered };

    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.isComplete).toBe(true);
    scanned = body.nfts;
    expect(scanned).toHaveLength(TOKENS);
    expect(new Set(scanned.map((n) => n.tokenId))).toEqual(
      new Set(Array.from({ length: TOKENS }, (_, i) => String(i))),
    );
    // The scan did not wait for a host slower than its budget: none of them had answered yet.
    expect(answeredAtScanEnd['slow-5s']).toBe(0);
    expect(answeredAtScanEnd['slow-12s']).toBe(0);
    expect(answeredAtScanEnd['slow-20s']).toBe(0);

    const byKind = (kinds: readonly MessyKind[]): Nft[] => nftsOfKinds(scanned, kinds);
    const missing = scanned.filter((n) => n.attributes.length === 0);
    recordFigure('metadata mess', {
      tokens: TOKENS,
      scanDurationMs: body.scanDuration,
      requestToAnswerMs: wall,
      pendingAtScanEnd: scanned.filter((n) => n.metadataUnavailable).length,
      missingAtScanEnd: missing.length,
      outcomes: outcomesByKind(scanned),
    });
    // Read during the scan: JSON with a BOM, comments and trailing commas, animations, CIDv0 and
    // CIDv1 directories through the gateways, a redirect to another public host. On a machine too
    // loaded to answer within the scan's budget, a token may be pending instead: never lost.
    const fast = byKind(READ_IN_SCAN);
    const read = fast.filter((n) => n.attributes.length > 0);
    expect(read.length).toBeGreaterThanOrEqual(fast.length * 0.9);
    for (const nft of read) {
      expect(nft).toMatchObject({ name: `Nexus Wilds #${nft.tokenId}` });
      expect(nft).not.toHaveProperty('metadataReason');
    }
    for (const nft of fast.filter((n) => n.attributes.length === 0)) {
      expect(nft).toMatchObject({ metadataUnavailable: true, metadataReason: METADATA_REASONS.timeout });
    }
    // A 20 MB image is named by the metadata, not downloaded by the scan.
    expect(messy.requests.media).toBe(0);
    for (const nft of byKind(SLOW)) {
      expect(nft).toMatchObject({ metadataUnavailable: true, metadataReason: METADATA_REASONS.timeout });
    }
    for (const nft of byKind(['ipfs-missing'])) {
      expect(nft).toMatchObject({
        metadataUnavailable: true,
        metadataReason: METADATA_REASONS['ipfs-missing'],
      });
    }
    for (const [kind, reason] of Object.entries(BROKEN) as Array<[MessyKind, MetadataReason]>) {
      for (const nft of byKind([kind])) {
        expect(nft).toMatchObject({ metadataReason: METADATA_REASONS[reason] });
        expect(nft).not.toHaveProperty('metadataUnavailable');
      }
    }
    // The throttling host: what it refused is pending, rate-limited.
    const throttled = byKind(['throttled']);
    expect(throttled.filter((n) => n.metadataUnavailable).length).toBeGreaterThan(0);
    for (const nft of throttled.filter((n) => n.metadataUnavailable)) {
      expect(nft.metadataReason).toBe(METADATA_REASONS['rate-limited']);
    }
    // Every token without metadata says why.
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.filter((n) => !n.metadataReason)).toEqual([]);
  }, 300_000);

  it('refuses the redirect to a private address before connecting, and counts each refusal', async () => {
    expect(messy.privateConnections).toBe(0);
    // One refusal per token the scan reports refused (each token asked once: no retry in a scan).
    const expected = scanned.filter((n) => n.metadataReason === METADATA_REASONS['private-address']).length;
    expect(expected).toBeGreaterThan(0);
    expect(await countedPrivateRefusals(stack.redis.url, stack.prefix, expected)).toBe(expected);
  });

  it('fills the slow tokens through the metadata-retry job and announces each batch', async () => {
    const slowIds = new Set(
      scanned.filter((n) => SLOW.includes(messyKindOf(BigInt(n.tokenId)))).map((n) => n.tokenId),
    );
    expect(slowIds.size).toBe(tokensOf('slow-5s') + tokensOf('slow-12s') + tokensOf('slow-20s'));
    const announced = (): Set<string> => new Set(filled.flatMap((e) => e.tokenIds));
    // 20-s hosts at METADATA_CONCURRENCY requests: about a minute per 1,000 tokens.
    const deadline = Date.now() + Math.max(240_000, TOKENS * 60);
    while ([...slowIds].some((id) => !announced().has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect([...slowIds].filter((id) => !announced().has(id))).toEqual([]);
    expect(filled.every((e) => e.address === address && e.network === 'ethereum')).toBe(true);

    // The cached answer went with the first batch: the collection is read again, filled in.
    const { body } = await scanCollection(stack.system.url, 'ethereum', address);
    const now = new Map(body.nfts.map((n) => [n.tokenId, n]));
    for (const id of slowIds) {
      expect(now.get(id)).toMatchObject({ name: `Nexus Wilds #${id}` });
      expect(now.get(id)).not.toHaveProperty('metadataUnavailable');
      expect(now.get(id)).not.toHaveProperty('metadataReason');
    }
    // The CID no gateway has stays pending, with its reason.
    for (const nft of body.nfts.filter((n) => messyKindOf(BigInt(n.tokenId)) === 'ipfs-missing')) {
      expect(nft).toMatchObject({ metadataReason: METADATA_REASONS['ipfs-missing'] });
    }
    recordFigure('metadata mess retry', {
      tokens: TOKENS,
      slowTokens: slowIds.size,
      batchesAnnounced: filled.length,
    });
  }, 900_000);
});
