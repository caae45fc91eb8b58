import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChainHealth } from './chain-health.js';

/** A JSON-RPC node on loopback whose answer to each call the test decides. */
async function node(behaviour: (call: number) => 'ok' | 'fail' | 'hang') {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const what = behaviour(calls++);
      if (what === 'hang') return;
      if (what === 'fail') {
        res.writeHead(500).end('upstream error');
        return;
      }
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === 'eth_chainId' ? '0x89' : '0x10';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/aB3dE5fG7hI9jK1lM3nO5pQ7`;
  return {
    url,
    calls: () => calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const fast = { timeoutMs: 300, retries: 2, retryDelayMs: 10, graceMs: 60_000 };

describe(ChainHealth.name, () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('retries a failed call, so one fault in three does not report the chain down', async () => {
    const rpc = await node((call) => (call % 3 === 0 ? 'fail' : 'ok'));
    closers.push(rpc.close);
    // No grace: every 'up' below is a probe that got its answers, the first after a failed call.
    const sut = new ChainHealth({ polygon: rpc.url }, { ...fast, graceMs: 0 });

    for (let i = 0; i < 5; i++) expect((await sut.probe('polygon')).state).toBe('up');
  });

  it('reports the last good answer while it is recent, and down after the grace period', async () => {
    let failing = false;
    let now = 1_000_000;
    const rpc = await node(() => (failing ? 'fail' : 'ok'));
    closers.push(rpc.close);
    const sut = new ChainHealth({ polygon: rpc.url }, fast, () => now);

    expect(await sut.probe('polygon')).toMatchObject({ state: 'up', chainId: 137, blockNumber: '16' });
    failing = true;
    now += 30_000;
    expect(await sut.probe('polygon')).toMatchObject({ state: 'up', chainId: 137 });
    now += 31_000;
    expect(await sut.probe('polygon')).toMatchObject({ state: 'down', chainId: null });
  });

  it('answers from what it knows when a node is too slow to wait for', async () => {
    let hang = false;
    const rpc = await node(() => (hang ? 'hang' : 'ok'));
    closers.push(rpc.close);
    const sut = new ChainHealth({ polygon: rpc.url }, { ...fast, timeoutMs: 5000, retries: 0 });
    await sut.probe('polygon');
    hang = true;

    expect(await sut.probeWithin('polygon', 50)).toMatchObject({ state: 'up', chainId: 137 });
  });

  it('never shows the key in the RPC URL it reports', async () => {
    const rpc = await node(() => 'ok');
    closers.push(rpc.close);
    const sut = new ChainHealth({ polygon: rpc.url }, fast);

    const state = await sut.probe('polygon');

    expect(state.rpcUrl).toMatch(/\/v2\/\[redacted\]$/);
    expect(state.rpcUrl).not.toContain('aB3dE5fG7hI9jK1lM3nO5pQ7');
  });

  it('reports a network of several nodes up while one answers, naming the one that did', async () => {
    const down = await node(() => 'fail');
    const up = await node(() => 'ok');
    closers.push(down.close, up.close);
    const sut = new ChainHealth({ polygon: [down.url, up.url] }, { ...fast, graceMs: 0 });

    const state = await sut.probe('polygon');

    expect(state).toMatchObject({ state: 'up', chainId: 137, blockNumber: '16' });
    expect(state.rpcUrl).toBe(up.url.replace('aB3dE5fG7hI9jK1lM3nO5pQ7', '[redacted]'));
    await down.close();
    await up.close();
    closers.splice(0);
    const gone = await sut.probe('polygon');
    expect(gone.state).toBe('down');
    expect(gone.rpcUrl).toContain(', ');
    expect(gone.rpcUrl).not.toContain('aB3dE5fG7hI9jK1lM3nO5pQ7');
  });
});
