import { IpfsGateway } from '../src/ipfs-gateway.server.js';
import {
  buildNetworkPlan,
  consecutiveBatches,
  manifestCollection,
  manifestWallets,
  plannedToken,
} from '../src/seed.plan.js';
import { parseWorldScale, WORLD_SHAPES } from '../src/world.config.js';

describe('the dev world scales', () => {
  it('parses huge, keeps full the default and refuses an unknown scale', () => {
    expect(parseWorldScale('huge', 'full')).toBe('huge');
    expect(parseWorldScale(undefined, 'full')).toBe('full');
    expect(parseWorldScale('', 'full')).toBe('full');
    expect(() => parseWorldScale('giant', 'full')).toThrow(/off, small, full, huge.*"giant"/);
  });

  it('huge is full plus a million-token collection', () => {
    const { myriadTokens, ...rest } = WORLD_SHAPES.huge;
    expect(myriadTokens).toBe(1_000_000);
    expect({ ...WORLD_SHAPES.full, myriadTokens: 0 }).toEqual({ ...rest, myriadTokens: 0 });
    expect(WORLD_SHAPES.full.myriadTokens).toBe(0);
    expect(WORLD_SHAPES.small.myriadTokens).toBe(0);
  });
});

describe('the huge world on polygon', () => {
  const huge = buildNetworkPlan('polygon', undefined, 'huge');
  const myriad = huge.collections.find((collection) => collection.key === 'myriad')!;

  it('holds 1,000,000 tokens minted at construction in EIP-2309 batches', () => {
    expect(myriad).toMatchObject({
      name: 'Nexus Myriad',
      contract: 'NexusConsecutive721',
      standard: 'ERC-721',
    });
    const batches = consecutiveBatches(myriad);
    expect(batches).toHaveLength(200);
    expect(batches.every((batch) => batch.size > 0 && batch.size <= 5_000)).toBe(true);
    expect(batches.reduce((sum, batch) => sum + batch.size, 0)).toBe(1_000_000);
    expect(manifestCollection(myriad)).toMatchObject({
      totalSupply: 1_000_000,
      firstTokenId: '0',
      lastTokenId: '999999',
      enumerable: false,
    });
    // One deployment, no mint transaction per token.
    expect(huge.deployerTxs.filter((tx) => tx.collection === myriad)).toEqual([
      { kind: 'deploy', collection: myriad },
    ]);
  });

  it('makes each token on demand, the same every time, and none outside the range', () => {
    const last = plannedToken(myriad, 999_999)!;
    expect(last.name).toBe('Nexus Myriad #999999');
    expect(last.attributes.length).toBeGreaterThan(0);
    expect(plannedToken(myriad, 999_999)).toEqual(last);
    expect(plannedToken(myriad, 1_000_000)).toBeUndefined();
    expect(plannedToken(myriad, -1)).toBeUndefined();
    // Traits differ between tokens (rarity has something to rank).
    const firsts = new Set(
      Array.from({ length: 50 }, (_, id) => JSON.stringify(plannedToken(myriad, id)!.attributes)),
    );
    expect(firsts.size).toBeGreaterThan(10);
  });

  it('leaves the full world as it was: same collections at the same addresses, Myriad appended', () => {
    const full = buildNetworkPlan('polygon', undefined, 'full');
    expect(huge.collections.slice(0, -1).map((c) => [c.key, c.address, c.metadataCid])).toEqual(
      full.collections.map((c) => [c.key, c.address, c.metadataCid]),
    );
    expect(huge.collections.at(-1)).toBe(myriad);
    expect(full.collections.some((c) => c.generated)).toBe(false);
    // No demo wallet holds a Myriad token.
    expect(manifestWallets(huge)).toEqual(manifestWallets(full));
  });

  it('the gateway serves any token of it by id', async () => {
    const gateway = new IpfsGateway();
    gateway.register(myriad);
    const port = await gateway.listen(0);
    try {
      const base = `http://127.0.0.1:${port}/ipfs`;
      const token = await fetch(`${base}/${myriad.metadataCid}/765432`);
      expect(token.status).toBe(200);
      const body = (await token.json()) as { name: string; image: string; attributes: unknown[] };
      expect(body.name).toBe('Nexus Myriad #765432');
      expect(body.attributes).toEqual(plannedToken(myriad, 765_432)!.attributes);
      const image = await fetch(`${base}/${myriad.imageCid}/765432.svg`);
      expect(image.status).toBe(200);
      expect(await image.text()).toContain('<svg');
      expect((await fetch(`${base}/${myriad.metadataCid}/1000000`)).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
