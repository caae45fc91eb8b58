import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import type { AppConfig } from '../config/index.js';
import { RedisConnections } from '../redis/index.js';
import { openRateLimitRedis, RateLimiterService } from './rate-limiter.service.js';
import { TopClientsRepository } from './top-clients.repository.js';

describe(RateLimiterService.name, () => {
  const prefix = testPrefix('rate-limiter');
  let config: AppConfig;
  let connections: RedisConnections;
  let redis: Redis;
  const started: RateLimiterService[] = [];

  const makeSut = (client: Redis = redis): RateLimiterService => {
    const sut = new RateLimiterService(
      config,
      client,
      connections,
      new TopClientsRepository(client, connections),
    );
    started.push(sut);
    return sut;
  };

  beforeAll(() => {
    config = testConfig(prefix, {
      RATE_LIMIT_SCAN: '3/60',
      RATE_LIMIT_VOTE: '2/1',
      RATE_LIMIT_RARITY: '40/60',
      RATE_LIMIT_API: '1200/60',
    });
    connections = new RedisConnections(config);
    redis = openRateLimitRedis(connections);
  });

  afterAll(async () => {
    await Promise.all(started.map((s) => s.onModuleDestroy()));
    await connections.onApplicationShutdown();
    await clearPrefix(prefix);
  });

  it('allows the budget, then refuses with the time left; the first refusal alone is a breach', async () => {
    const sut = makeSut();

    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await sut.consume('scan', '198.51.100.1'));

    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    expect(verdicts.map((v) => v.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(verdicts.map((v) => v.firstBreach)).toEqual([false, false, false, true, false]);
    expect(verdicts[3]!.limit).toBe(3);
    expect(verdicts[3]!.resetMs).toBeGreaterThan(55_000);
    expect(verdicts[3]!.resetMs).toBeLessThanOrEqual(60_000);
    // Policies and clients count apart.
    expect((await sut.consume('scan', '198.51.100.2')).allowed).toBe(true);
    expect((await sut.consume('rarity', '198.51.100.1')).allowed).toBe(true);
  });

  it('counts checks sent together (one pipeline) each on its own, across processes', async () => {
    const first = makeSut();
    const second = makeSut(openRateLimitRedis(connections));
    const ip = '198.51.100.30';

    const verdicts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).consume('scan', ip)),
    );

    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    expect(verdicts.filter((v) => v.firstBreach)).toHaveLength(1);
    expect([...verdicts.map((v) => v.remaining)].sort()).toEqual([0, 0, 0, 0, 0, 0, 1, 2]);
    expect(await first.peek('scan', ip)).toMatchObject({ consumed: 8 });
  });

  it("refuses a blocked client's repeats from memory, counts them in Redis within a second, ends the block on a reset", async () => {
    const first = makeSut();
    const second = makeSut(openRateLimitRedis(connections));
    const ip = '198.51.100.40';
    const verdicts = [];
    for (let i = 0; i < 10; i++) verdicts.push(await first.consume('scan', ip));

    // Three allowed and one refused by Redis; the other six refused here, without a round trip.
    expect(verdicts.map((v) => [v.allowed, v.repeat])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, false],
      ...Array.from({ length: 6 }, () => [false, true]),
    ]);
    expect(verdicts.slice(4).every((v) => v.remaining === 0 && v.resetMs > 55_000)).toBe(true);
    // Redis counted four; this process's own view includes the six at once, the others' after its next flush.
    expect(await second.peek('scan', ip)).toMatchObject({ consumed: 4 });
    expect(await first.peek('scan', ip)).toMatchObject({ consumed: 10 });
    first.onApplicationBootstrap();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await second.peek('scan', ip)).toMatchObject({ consumed: 10 });

    // An administrator resets the client on another process: this one learns it at its next flush
    // after the client's next request (until then, at most a second, it still refuses).
    await second.reset('scan', ip);
    expect((await first.consume('scan', ip)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await first.consume('scan', ip)).allowed).toBe(true);
    expect(await second.peek('scan', ip)).toMatchObject({ consumed: 1 });
  });

  it('counts a client far from its limit in this process, and in Redis for the others within a flush', async () => {
    const first = makeSut();
    const second = makeSut(openRateLimitRedis(connections));
    const ip = '198.51.100.50';

    const verdicts = [];
    for (let i = 0; i < 20; i++) verdicts.push(await first.consume('api', ip));

    expect(verdicts.every((v) => v.allowed)).toBe(true);
    expect(verdicts.map((v) => v.remaining)).toEqual(Array.from({ length: 20 }, (_, i) => 1199 - i));
    // Redis has the first request (the one that asked it); this process knows of all twenty.
    expect(await second.peek('api', ip)).toMatchObject({ consumed: 1 });
    expect(await first.peek('api', ip)).toMatchObject({ consumed: 20 });
    first.onApplicationBootstrap();
    await new Promise((r) => setTimeout(r, 300));
    expect(await second.peek('api', ip)).toMatchObject({ consumed: 20 });
    // Counted here or not, the others' requests weigh on this process's answers.
    for (let i = 0; i < 30; i++) await second.consume('api', ip);
    await second.onModuleDestroy();
    await new Promise((r) => setTimeout(r, 300));
    expect((await first.consume('api', ip)).remaining).toBe(1200 - 51);
  });

  it('keeps a client that alternates between two processes to its budget, every refusal from Redis', async () => {
    const first = makeSut();
    const second = makeSut(openRateLimitRedis(connections));
    const ip = '198.51.100.51';

    const verdicts = [];
    for (let i = 0; i < 100; i++) verdicts.push(await (i % 2 ? first : second).consume('rarity', ip));

    expect(verdicts.filter((v) => v.allowed)).toHaveLength(40);
    expect(verdicts.slice(40).every((v) => !v.allowed)).toBe(true);
    expect(verdicts.filter((v) => v.firstBreach)).toHaveLength(1);
  });

  it('keeps a burst of simultaneous requests on one process to the budget while its checks are on their way', async () => {
    const sut = makeSut();
    const ip = '198.51.100.52';
    expect((await sut.consume('rarity', ip)).allowed).toBe(true);

    const verdicts = await Promise.all(Array.from({ length: 99 }, () => sut.consume('rarity', ip)));

    expect(verdicts.filter((v) => v.allowed)).toHaveLength(39);
    expect(await sut.peek('rarity', ip)).toMatchObject({ consumed: 100 });
  });

  it('starts a fresh window when the last one ends', async () => {
    const sut = makeSut();
    await sut.consume('vote', '198.51.100.3');
    await sut.consume('vote', '198.51.100.3');
    expect((await sut.consume('vote', '198.51.100.3')).allowed).toBe(false);

    await new Promise((r) => setTimeout(r, 1100));

    const next = await sut.consume('vote', '198.51.100.3');
    expect(next).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('peeks without counting, and resets every policy of a client', async () => {
    const sut = makeSut();
    const ip = '198.51.100.4';
    expect(await sut.peek('scan', ip)).toBeNull();
    for (let i = 0; i < 4; i++) await sut.consume('scan', ip);
    await sut.consume('api', ip);
    expect(await sut.peek('scan', ip)).toMatchObject({ consumed: 4 });
    expect(await sut.peek('scan', ip)).toMatchObject({ consumed: 4 });

    await sut.resetAll(ip);

    expect(await sut.peek('scan', ip)).toBeNull();
    expect(await sut.peek('api', ip)).toBeNull();
    expect((await sut.consume('scan', ip)).allowed).toBe(true);
  });

  it("reports each policy's busiest client, as counted in Redis, across API processes", async () => {
    const first = makeSut();
    const second = makeSut();
    first.onApplicationBootstrap();
    second.onApplicationBootstrap();
    for (let i = 0; i < 7; i++) await first.consume('media', '198.51.100.10');
    for (let i = 0; i < 9; i++) await second.consume('media', '198.51.100.11');
    await first.consume('media', '198.51.100.12');
    // Each process names its leader to the others about once a second.
    await new Promise((r) => setTimeout(r, 1500));

    const status = await first.status();

    expect(status.media).toMatchObject({ current: 9, limit: 1200, windowMs: 60_000 });
    expect(status.media!.resetIn).toBeGreaterThan(50_000);
    expect(status.media!.resetIn).toBeLessThanOrEqual(60_000);
    expect(status.submission).toEqual({ current: 0, limit: 30, resetIn: 0, windowMs: 3_600_000 });

    await second.resetAll('198.51.100.11');
    expect((await first.status()).media!.current).toBe(7);
  });

  it('counts in memory and logs once when Redis cannot be reached; no request fails for it', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const dead = new Redis('redis://127.0.0.1:9/0', { lazyConnect: true, enableOfflineQueue: false });
    try {
      const sut = makeSut(dead);

      const verdicts = [];
      for (let i = 0; i < 4; i++) verdicts.push(await sut.consume('scan', '198.51.100.20'));

      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
      expect(await sut.peek('scan', '198.51.100.20')).toMatchObject({ consumed: 4 });
      await sut.reset('scan', '198.51.100.20');
      expect((await sut.consume('scan', '198.51.100.20')).allowed).toBe(true);
      const outages = warn.mock.calls.filter(([m]) => String(m).includes('Redis unreachable'));
      expect(outages).toHaveLength(1);
    } finally {
      warn.mockRestore();
      dead.disconnect();
    }
  });
});
