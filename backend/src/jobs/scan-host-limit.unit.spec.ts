import type { MetadataLookup, MetadataResolver, ResolvedMetadata, TokenRef } from '../chain/index.js';
import { metadataHostOf, ScanHostLimit } from './scan-host-limit.js';
import { resolveTokens } from './token-metadata.js';

const metadata: ResolvedMetadata = {
  name: 'Read',
  description: null,
  image: null,
  animationUrl: null,
  attributes: [],
};

type Outcome = 'ok' | 'timeout';

/**
 * A fake host table: each host answers its lookups when the test says so (no clock). It records
 * the requests each host has in flight, the most it ever had, and every URI asked.
 */
function hostTable(outcomes: Record<string, Outcome>) {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const asked: string[] = [];
  const open: Array<{ host: string; answer: () => void }> = [];
  const resolver: MetadataResolver = {
    resolve: () => Promise.resolve(null),
    toHttpUrl: () => null,
    lookup: (uri) => {
      const host = metadataHostOf(uri)!;
      asked.push(uri);
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      most.set(host, Math.max(most.get(host) ?? 0, inFlight.get(host)!));
      return new Promise<MetadataLookup>((resolve) => {
        open.push({
          host,
          answer: () => {
            inFlight.set(host, inFlight.get(host)! - 1);
            resolve(
              outcomes[host] === 'ok'
                ? { metadata }
                : {
                    metadata: null,
                    unavailable: `${host} timed out`,
                    reason: uri.startsWith('ipfs') ? 'ipfs-missing' : 'timeout',
                  },
            );
          },
        });
      });
    },
  };
  /** Lets the event loop start what it can (the limit hands slots on in microtasks). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Answers the open requests of `host` (all hosts when none is named), then lets the rest start. */
  const answer = async (host?: string) => {
    for (const request of open.splice(0).filter((r) => {
      if (host === undefined || r.host === host) return true;
      open.push(r);
      return false;
    }))
      request.answer();
    await settle();
  };
  return { resolver, inFlight, most, asked, open, answer, settle };
}

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

function tokens(count: number, bases: string[]): TokenRef[] {
  return Array.from({ length: count }, (_, i) => ({
    tokenId: String(i),
    tokenUri: `${bases[i % bases.length]}${i}`,
  }));
}

describe(metadataHostOf.name, () => {
  it('names the host a request goes to: an http host, a CID, none for inline metadata', () => {
    expect(metadataHostOf('https://slow.example:8443/meta/1')).toBe('slow.example:8443');
    expect(metadataHostOf(`ipfs://${CID}/7`)).toBe(`ipfs:${CID}`);
    expect(metadataHostOf('data:application/json,{}')).toBeNull();
    expect(metadataHostOf(null)).toBeNull();
  });
});

describe(ScanHostLimit.name, () => {
  it('gives a slow host at most its share of the slots while other hosts wait', async () => {
    const fast = ['a.example', 'b.example', 'c.example'];
    const table = hostTable({
      'slow.example': 'ok',
      ...Object.fromEntries(fast.map((h) => [h, 'ok' as const])),
    });
    const limit = new ScanHostLimit({ limit: 16, perHost: 4 });
    const bases = ['https://slow.example/', ...fast.map((h) => `https://${h}/`)];
    const scan = resolveTokens(tokens(400, bases), table.resolver, limit, () => {});
    await table.settle();
    expect(table.inFlight.get('slow.example')).toBe(4);
    // The fast hosts' tokens keep flowing while the slow host's stay unanswered.
    for (let round = 0; round < 20; round++) for (const host of fast) await table.answer(host);
    expect(table.asked.filter((uri) => !uri.includes('slow')).length).toBeGreaterThan(240);
    expect(table.most.get('slow.example')).toBe(4);
    for (let round = 0; round < 10; round++) for (const host of fast) await table.answer(host);
    expect(table.asked.filter((uri) => !uri.includes('slow')).length).toBe(300);
    // Nobody else waits: the slow host may use every slot.
    await table.answer('slow.example');
    expect(table.inFlight.get('slow.example')).toBe(16);
    while (table.open.length > 0) await table.answer();
    const records = await scan;
    expect(records.every((r) => r.metadataStatus === 'ok')).toBe(true);
  });

  it("lists a host's remaining tokens pending without a request once it timed out 3 times in a row", async () => {
    const table = hostTable({ 'gone.example': 'timeout', 'fine.example': 'ok', [`ipfs:${CID}`]: 'timeout' });
    const limit = new ScanHostLimit({ limit: 4, perHost: 1, timeoutsInRow: 3 });
    const scan = resolveTokens(
      tokens(90, ['https://gone.example/', 'https://fine.example/', `ipfs://${CID}/`]),
      table.resolver,
      limit,
      () => {},
    );
    await table.settle();
    while (table.open.length > 0) await table.answer();
    const records = await scan;

    const askedOf = (prefix: string) => table.asked.filter((uri) => uri.startsWith(prefix)).length;
    // 3 timeouts, plus what was in flight when the third came back (4 slots); never its 30 tokens.
    expect(askedOf('https://gone.example/')).toBeLessThanOrEqual(3 + 4);
    expect(askedOf(`ipfs://${CID}/`)).toBeLessThanOrEqual(3 + 4);
    expect(askedOf('https://fine.example/')).toBe(30);
    // Every token is listed; each deferred one pending with its reason, for metadata-retry.
    expect(records).toHaveLength(90);
    const byBase = (base: number) => records.filter((_, i) => i % 3 === base);
    expect(byBase(0).every((r) => r.metadataStatus === 'unavailable' && r.metadataReason === 'timeout')).toBe(
      true,
    );
    expect(byBase(1).every((r) => r.metadataStatus === 'ok')).toBe(true);
    expect(
      byBase(2).every((r) => r.metadataStatus === 'unavailable' && r.metadataReason === 'ipfs-missing'),
    ).toBe(true);
  });

  it('shares the slots between hosts that are all at their cap by fewest in flight', async () => {
    const table = hostTable({ 'slow.example': 'ok', 'fast.example': 'ok' });
    const limit = new ScanHostLimit({ limit: 16, perHost: 4 });
    const scan = resolveTokens(
      tokens(100, ['https://slow.example/', 'https://fast.example/']),
      table.resolver,
      limit,
      () => {},
    );
    await table.settle();
    for (let round = 0; round < 5; round++) await table.answer('fast.example');
    // Without the cap the slow host would hold the slots the fast one releases, one by one.
    expect(table.most.get('slow.example')).toBe(8);
    while (table.open.length > 0) await table.answer();
    expect(await scan).toHaveLength(100);
  });

  it('does not defer a host whose timeouts are not in a row', () => {
    const limit = new ScanHostLimit({ limit: 4, timeoutsInRow: 3 });
    const timeout: MetadataLookup = { metadata: null, unavailable: 'timed out', reason: 'timeout' };
    for (let i = 0; i < 5; i++) {
      limit.record('busy.example', timeout);
      limit.record('busy.example', timeout);
      limit.record('busy.example', { metadata });
    }
    expect(limit.deferred('busy.example')).toBeNull();
    // A refusal that is no timeout (a 429) does not defer the host either.
    for (let i = 0; i < 5; i++)
      limit.record('throttled.example', { metadata: null, unavailable: '429', reason: 'rate-limited' });
    expect(limit.deferred('throttled.example')).toBeNull();
    for (let i = 0; i < 3; i++) limit.record('busy.example', timeout);
    expect(limit.deferred('busy.example')).toBe('timeout');
  });

  it("keeps a host's queue to what waits when it never empties (overlapping chunks), in order", async () => {
    const limit = new ScanHostLimit({ limit: 4 });
    const queueOf = () =>
      (limit as unknown as { hosts: Map<string, { waiting: unknown[]; head: number }> }).hosts.get(
        'ipfs:bafy',
      )!;
    const order: number[] = [];
    let longest = 0;
    let next = 0;
    // 20,000 tasks, 50 queued at any time: the queue is never empty between two tasks.
    const submit = (): Promise<void> => {
      const index = next++;
      return limit.run('ipfs:bafy', async () => {
        order.push(index);
        longest = Math.max(longest, queueOf().waiting.length);
        await Promise.resolve();
        if (next < 20_000) void submit();
      });
    };
    await Promise.all(Array.from({ length: 50 }, submit));
    while (order.length < 20_000) await new Promise((resolve) => setImmediate(resolve));

    expect(order).toEqual(Array.from({ length: 20_000 }, (_, index) => index));
    // Served waiters are cut away: before, the queue held all 20,000 of them at the end.
    expect(longest).toBeLessThan(3_000);
  });
});
