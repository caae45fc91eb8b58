import request from 'supertest';
import { HealthService } from './health.service.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';

describe('GET /api/health, /api/health/live and /api/health/ready', () => {
  let api: IsolatedApi;

  beforeAll(async () => {
    // The isolated API's chains point at a port where nothing answers.
    api = await startIsolatedApi('health');
  });

  afterAll(async () => {
    await api.close();
  });

  const get = (path: string) => request(api.app.getHttpServer()).get(path);

  it('says the process is alive without asking any dependency', async () => {
    const res = await get('/api/health/live');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', uptimeS: expect.any(Number) });
  });

  it('is ready with PostgreSQL, Redis and the queues up, though no chain answers', async () => {
    const res = await get('/api/health/ready');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', stopping: false, database: 'up', redis: 'up' });
    expect(Object.values(res.body.queues).every((q) => (q as { state: string }).state === 'up')).toBe(true);
    expect(res.body.chains.polygon).toMatchObject({ state: 'down', chainId: null });
  });

  it('keeps the full report at /api/health: degraded (503) while a chain is down', async () => {
    const res = await get('/api/health');

    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'up' });
    expect(Object.keys(res.body)).toEqual(['status', 'database', 'redis', 'queues', 'chains']);
    expect(res.body.chains.ethereum).toEqual({
      state: 'down',
      chainId: null,
      blockNumber: null,
      rpcUrl: 'http://127.0.0.1:9/',
    });
  });

  it('stops being ready once the application is shutting down', async () => {
    const sibling = await api.sibling();
    const health = sibling.get(HealthService);
    expect((await health.ready()).stopping).toBe(false);

    await sibling.close();

    expect(await health.ready()).toMatchObject({ status: 'not ready', stopping: true });
  });
});
