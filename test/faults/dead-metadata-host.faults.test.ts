import type { Nft } from '@nexus/contract';
import { Redis } from 'ioredis';
import {
  CLOSED_PORT,
  deployCollection,
  FAULT_PORTS,
  scanCollection,
  startFaultChain,
  startFaultSystem,
  type FaultChain,
  type FaultSystem,
} from './support/fault-stack.js';
import { recordFigure } from './support/figures.js';

const TOKENS = 1_000;

/**
 * Issue 12 item 5: a collection whose token URIs name a host that does not resolve. Before the
 * per-host breaker, 300 such tokens took 81.7 s (a name lookup per token, 64 at a time).
 */
describe('a 1,000-token collection whose metadata host does not resolve', () => {
  let chain: FaultChain;
  let stack: FaultSystem;
  let address: string;

  beforeAll(async () => {
    chain = await startFaultChain(FAULT_PORTS.anvil);
    address = await deployCollection(chain, {
      name: 'Nexus Dead Host',
      symbol: 'NDEAD',
      baseUri: 'http://nexus-dead-host.invalid/',
      count: TOKENS,
    });
    stack = await startFaultSystem({
      name: 'dead_host',
      rpcUrls: { ethereum: chain.url, polygon: CLOSED_PORT, cronos: CLOSED_PORT },
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await chain?.anvil.stop();
  });

  it('is scanned in under 10 s, every token listed and marked without metadata', async () => {
    const started = Date.now();
    const { status, body } = await scanCollection(stack.system.url, 'ethereum', address);
    const wall = Date.now() - started;

    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.isComplete).toBe(true);
    const nfts: Nft[] = body.nfts;
    expect(nfts).toHaveLength(TOKENS);
    expect(new Set(nfts.map((n) => n.tokenId)).size).toBe(TOKENS);
    expect(nfts.every((n) => n.metadataUnavailable === true)).toBe(true);
    expect(nfts.every((n) => n.image === '' && n.attributes.length === 0)).toBe(true);
    // The figure issue 12 asks for: the scan's own duration, as the worker measured it.
    expect(body.scanDuration).toBeLessThan(10_000);
    recordFigure('dead metadata host', {
      tokens: TOKENS,
      scanDurationMs: body.scanDuration,
      requestToAnswerMs: wall,
    });

    // The metadata-retry job waits to ask the host again later.
    const redis = new Redis(stack.redis.url);
    try {
      const delayed = await redis.zrange(`${stack.prefix}:bull:metadata-retry:delayed`, '0', '-1');
      expect(delayed).toEqual([`metadata-retry:ethereum:${address}`]);
    } finally {
      redis.disconnect();
    }
  }, 300_000);

  it('answers the stored collection, still marked, from the cache on the next request', async () => {
    const { body } = await scanCollection(stack.system.url, 'ethereum', address);

    expect(body.fromCache).toBe(true);
    expect(body.nfts).toHaveLength(TOKENS);
    expect(body.nfts.filter((n) => n.metadataUnavailable)).toHaveLength(TOKENS);
  }, 300_000);
});
