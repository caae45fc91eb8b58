import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ClientTurns } from './client-turns.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(ClientTurns.name, () => {
  let server: Server;
  let base: string;
  let turns: ClientTurns;
  /** Requests in the handler now, by client address, and the most seen at once. */
  const inside = new Map<string, number>();
  const most = new Map<string, number>();
  const order: string[] = [];

  const start = async (options: { turns: number; holdMs: number; maxWaiting: number }) => {
    turns = new ClientTurns(options.turns, options.holdMs, options.maxWaiting);
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use((req, res, next) => turns.handle(req, res, next));
    app.get(['/api/work', '/api/health/live'], async (req, res) => {
      const who = req.ip!;
      inside.set(who, (inside.get(who) ?? 0) + 1);
      most.set(who, Math.max(most.get(who) ?? 0, inside.get(who)!));
      order.push(`${who} ${String(req.query.n)}`);
      await sleep(Number(req.query.ms ?? 50));
      inside.set(who, inside.get(who)! - 1);
      res.json({ n: req.query.n });
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const ask = (ip: string, path: string) =>
    fetch(`${base}${path}`, { headers: { 'x-forwarded-for': ip } }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { n?: string; message?: string },
    }));

  beforeEach(() => {
    inside.clear();
    most.clear();
    order.length = 0;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("keeps one address to its turns while another address's request goes in at once", async () => {
    await start({ turns: 2, holdMs: 10_000, maxWaiting: 100 });

    // Each pair holds its turns for 300 ms: room for a loaded machine's stretched sleeps.
    const burst = Array.from({ length: 6 }, (_, n) => ask('198.51.100.1', `/api/work?n=${n}&ms=300`));
    await sleep(20);
    const other = await ask('198.51.100.2', '/api/work?n=other&ms=1');
    const answers = await Promise.all(burst);

    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(most.get('198.51.100.1')).toBe(2);
    expect(other.status).toBe(200);
    // The other address went in before the burst's third pair.
    expect(order.indexOf('198.51.100.2 other')).toBeLessThan(4);
    expect(turns.size).toBe(0);
  });

  it('gives a turn back after the hold time, so a long request does not stall the others', async () => {
    await start({ turns: 1, holdMs: 30, maxWaiting: 100 });

    const long = ask('198.51.100.3', '/api/work?n=long&ms=1500').then(() => 'long');
    await sleep(10);
    const short = ask('198.51.100.3', '/api/work?n=short&ms=1').then(() => 'short');

    expect(await Promise.race([long, short])).toBe('short');
    expect(await long).toBe('long');
  });

  it('refuses with 429 and Retry-After once too many requests of one address wait', async () => {
    await start({ turns: 1, holdMs: 10_000, maxWaiting: 2 });

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => ask('198.51.100.4', `/api/work?n=${n}&ms=300`)),
    );

    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      retryAfter: '1',
      body: { message: expect.stringContaining('1 second') },
    });
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
  });

  it('forgets a waiting request whose visitor left, and does not count health probes', async () => {
    await start({ turns: 1, holdMs: 10_000, maxWaiting: 100 });

    // Held for a second: on a loaded machine the sleeps below stretch, and the request that leaves
    // must still be waiting for its turn when it does.
    const first = ask('198.51.100.5', '/api/work?n=first&ms=1000');
    await sleep(10);
    const leaving = new AbortController();
    const left = fetch(`${base}/api/work?n=left&ms=1`, {
      headers: { 'x-forwarded-for': '198.51.100.5' },
      signal: leaving.signal,
    }).catch(() => 'aborted');
    await sleep(10);
    leaving.abort();
    const health = await ask('198.51.100.5', '/api/health/live?n=health&ms=1');

    expect(health.status).toBe(200);
    expect(await left).toBe('aborted');
    expect((await first).status).toBe(200);
    await sleep(20);
    expect(order).not.toContain('198.51.100.5 left');
    expect(turns.size).toBe(0);
  });
});
