import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseAbi, toEventSelector, type Address, type PublicClient } from 'viem';
import { devChain } from '../src/chain.seeder.js';
import { startDevchain, type Devchain } from '../src/index.js';
import { WORLD_SHAPES } from '../src/world.config.js';

// The miniature dev world, on ports of this file's own (per test slot).
const OFFSET = Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const PORTS = {
  ethereum: 27545 + OFFSET,
  polygon: 27546 + OFFSET,
  cronos: 27547 + OFFSET,
  gateway: 27580 + OFFSET,
  publicNode: 27548 + OFFSET,
};
const SHAPE = WORLD_SHAPES.small;
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');

async function rpc(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const getLogs = (id: number, from: bigint, to: bigint) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getLogs',
  params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: [TRANSFER] }],
});

describe('the dev world (small)', () => {
  let dir: string;
  let sut: Devchain;
  let node: PublicClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-devworld-'));
    // Ethereum is left out ("external", nothing answers): the world lives on polygon and cronos.
    sut = await startDevchain({
      dir,
      ports: PORTS,
      world: 'small',
      rpcUrls: { ethereum: 'http://127.0.0.1:9/' },
    });
    const cronos = sut.manifest.networks.cronos;
    node = createPublicClient({
      chain: devChain('cronos', cronos.chainId, cronos.nodeUrl!),
      transport: http(cronos.nodeUrl!),
    });
  }, 180_000);

  afterAll(async () => {
    await sut?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists cronos behind its public node, with the limits in force', () => {
    const cronos = sut.manifest.networks.cronos;
    expect(cronos.rpcUrl).toBe(`http://127.0.0.1:${PORTS.publicNode}`);
    expect(cronos.nodeUrl).toBe(`http://127.0.0.1:${PORTS.cronos}`);
    expect(cronos.publicNode).toEqual({ maxLogRange: 2000, requestsPerSecond: 25 });
    expect(cronos.genesisBlock).toBe(Number(SHAPE.cronosGenesisBlock));
    expect(sut.manifest.networks.polygon.publicNode).toBeUndefined();
  });

  it('lists the large collection with its totalSupply, minted in EIP-2309 batches, its metadata served', async () => {
    const legion = sut.manifest.collections.find((collection) => collection.key === 'legion')!;
    expect(legion).toMatchObject({
      network: 'polygon',
      standard: 'ERC-721',
      totalSupply: SHAPE.legionTokens,
    });
    const batches = legion.edgeCases!.consecutiveBatches!;
    expect(batches.at(-1)!.toTokenId).toBe(String(SHAPE.legionTokens - 1));

    const polygon = sut.manifest.networks.polygon;
    const client = createPublicClient({
      chain: devChain('polygon', polygon.chainId, polygon.rpcUrl),
      transport: http(polygon.rpcUrl),
    });
    const last = BigInt(SHAPE.legionTokens - 1);
    const abi = parseAbi([
      'function tokenURI(uint256) view returns (string)',
      'function ownerOf(uint256) view returns (address)',
    ]);
    const uri = await client.readContract({
      address: legion.address as Address,
      abi,
      functionName: 'tokenURI',
      args: [last],
    });
    expect(
      (
        await client.readContract({
          address: legion.address as Address,
          abi,
          functionName: 'ownerOf',
          args: [last],
        })
      ).toLowerCase(),
    ).toBe(batches.at(-1)!.to);
    const metadata = (await (await fetch(uri.replace('ipfs://', sut.manifest.ipfsGateway))).json()) as {
      name: string;
      attributes: unknown[];
    };
    expect(metadata.name).toBe(`Nexus Legion #${last}`);
    expect(metadata.attributes.length).toBeGreaterThan(0);
  });

  it('refuses log ranges wider than its limit with the error public nodes send', async () => {
    const { rpcUrl } = sut.manifest.networks.cronos;
    const head = await node.getBlockNumber({ cacheTime: 0 });

    const wide = await rpc(rpcUrl, getLogs(1, head - 2000n, head));
    expect(wide.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32005, message: 'block range exceeds 2000' },
    });
    const allowed = await rpc(rpcUrl, getLogs(2, head - 1999n, head));
    expect((allowed.json as { result: unknown[] }).result).toEqual(expect.any(Array));
  });

  it('answers calls beyond its rate with HTTP 429 and Retry-After', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a fresh second
    const { rpcUrl } = sut.manifest.networks.cronos;
    const batch = Array.from({ length: 26 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_chainId',
      params: [],
    }));
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('spreads the demo transfers over the history after its genesis', async () => {
    const head = await node.getBlockNumber({ cacheTime: 0 });
    expect(head).toBeGreaterThan(SHAPE.cronosGenesisBlock);
    const logs = await node.getLogs({ fromBlock: SHAPE.cronosGenesisBlock, toBlock: head });
    const moves = [
      ...new Set(
        logs
          .filter(
            (log) => log.topics[0] === TRANSFER && log.topics.length === 4 && BigInt(log.topics[1]!) !== 0n,
          )
          .map((log) => log.blockNumber),
      ),
    ].sort((a, b) => Number(a - b));
    expect(moves.length).toBeGreaterThan(1);
    for (let i = 1; i < moves.length; i++)
      expect(moves[i]! - moves[i - 1]!).toBeGreaterThanOrEqual(BigInt(SHAPE.cronosSpreadBlocks));
  });
});
