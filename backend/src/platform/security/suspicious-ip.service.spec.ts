import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import type { AppConfig } from '../config/index.js';
import { RedisConnections } from '../redis/index.js';
import { SuspiciousIpRepository } from './suspicious-ip.repository.js';
import { SuspiciousIpService } from './suspicious-ip.service.js';

describe(SuspiciousIpService.name, () => {
  const prefix = testPrefix('suspicious-ip');
  let config: AppConfig;
  let connections: RedisConnections;
  let redis: Redis;
  let sut: SuspiciousIpService;

  beforeAll(() => {
    config = testConfig(prefix, { SUSPICIOUS_IP_BREACHES: '3/2', SUSPICIOUS_IP_FAILED_LOGINS: '2/3600' });
    connections = new RedisConnections(config);
    redis = connections.open('suspicious-ip-spec');
    sut = new SuspiciousIpService(config, new SuspiciousIpRepository(redis, connections));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await connections.onApplicationShutdown();
    await clearPrefix(prefix);
  });

  const listed = async (ip: string) => (await sut.list()).find((s) => s.ip === ip);

  it('lists an address at the threshold of breaches, with both counts and the latest time', async () => {
    const ip = '203.0.113.1';
    await sut.recordRateLimitBreach(ip);
    await sut.recordRateLimitBreach(ip);
    expect(await listed(ip)).toBeUndefined();

    const before = Date.now();
    await sut.recordRateLimitBreach(ip);

    const entry = await listed(ip);
    expect(entry).toMatchObject({ ip, rateLimitBreaches: 3, failedLogins: 0 });
    expect(Date.parse(entry!.lastSeenAt)).toBeGreaterThanOrEqual(before - 5);
  });

  it('counts only the events within the window', async () => {
    const ip = '203.0.113.2';
    await sut.recordRateLimitBreach(ip);
    await sut.recordRateLimitBreach(ip);
    await new Promise((r) => setTimeout(r, 2100));
    await sut.recordRateLimitBreach(ip);
    expect(await listed(ip)).toBeUndefined();
  });

  it('lists failed logins at their own threshold; a listed address keeps its entry up to date', async () => {
    const ip = '2001:db8:5::/64';
    await sut.recordFailedLogin(ip);
    await sut.recordFailedLogin(ip);
    expect(await listed(ip)).toMatchObject({ failedLogins: 2, rateLimitBreaches: 0 });

    await sut.recordRateLimitBreach(ip);
    expect(await listed(ip)).toMatchObject({ failedLogins: 2, rateLimitBreaches: 1 });
  });

  it('clears an address and its history, and says whether it was listed', async () => {
    const ip = '203.0.113.3';
    await sut.recordFailedLogin(ip);
    await sut.recordFailedLogin(ip);

    expect(await sut.clear(ip)).toBe(true);
    expect(await listed(ip)).toBeUndefined();
    expect(await sut.clear(ip)).toBe(false);
    // Its earlier failures are forgotten: one more does not list it again.
    await sut.recordFailedLogin(ip);
    expect(await listed(ip)).toBeUndefined();
  });

  it('drops an expired entry from the list', async () => {
    const ip = '203.0.113.4';
    await sut.recordFailedLogin(ip);
    await sut.recordFailedLogin(ip);
    await redis.del(connections.key('security', 'suspicious', ip));

    expect(await listed(ip)).toBeUndefined();
    expect(await redis.sismember(connections.key('security', 'suspicious-ips'), ip)).toBe(0);
  });

  it('never fails the request that caused a record when Redis fails', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const broken = new SuspiciousIpService(config, {
      addEvent: () => Promise.reject(new Error('connection lost')),
    } as unknown as SuspiciousIpRepository);

    await expect(broken.recordFailedLogin('203.0.113.5')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('connection lost'));
  });
});
