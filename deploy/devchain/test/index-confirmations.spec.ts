import { startAnvil, type AnvilNode } from '../src/anvil.process.js';
import { mineIndexConfirmations } from '../src/index-confirmations.js';
import type { DevchainNetwork } from '../src/manifest.js';

const PORTS = { local: 26545, front: 26546, external: 26547 };

async function blockNumber(url: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return Number(BigInt(((await response.json()) as { result: string }).result));
}

describe('mineIndexConfirmations', () => {
  const nodes: AnvilNode[] = [];
  let local: AnvilNode;
  let behindFront: AnvilNode;
  let external: AnvilNode;

  beforeAll(async () => {
    local = await startAnvil({ port: PORTS.local, chainId: 1 });
    behindFront = await startAnvil({ port: PORTS.front, chainId: 25 });
    external = await startAnvil({ port: PORTS.external, chainId: 137 });
    nodes.push(local, behindFront, external);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  });

  const network = (rpcUrl: string, origin: DevchainNetwork['origin'], nodeUrl?: string): DevchainNetwork => ({
    chainId: 1,
    rpcUrl,
    seeded: origin !== 'external',
    origin,
    ...(nodeUrl ? { nodeUrl } : {}),
  });

  it('puts the index confirmations on top of every local chain and leaves an external node alone', async () => {
    const before = await Promise.all([local, behindFront, external].map((node) => blockNumber(node.url)));
    const mined = await mineIndexConfirmations(
      {
        networks: {
          ethereum: network(local.url, 'started'),
          // A public node's front that answers nothing: the node behind it is mined.
          cronos: network('http://127.0.0.1:9', 'reused', behindFront.url),
          polygon: network(external.url, 'external'),
        },
      },
      { INDEX_CONFIRMATIONS_CRONOS: '5' },
    );
    const after = await Promise.all([local, behindFront, external].map((node) => blockNumber(node.url)));

    expect(mined).toEqual({ ethereum: 2, cronos: 5 });
    expect(after[0]! - before[0]!).toBe(2);
    expect(after[1]! - before[1]!).toBe(5);
    expect(after[2]).toBe(before[2]);
  });
});
