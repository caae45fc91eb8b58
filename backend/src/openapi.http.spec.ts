import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../test/support/isolated-api.js';

describe('OpenAPI reference', () => {
  let isolated: IsolatedApi;

  beforeAll(async () => {
    isolated = await startIsolatedApi('openapi');
  });

  afterAll(async () => {
    await isolated.close();
  });

  it('serves the document at /api/docs-json and the UI at /api/docs', async () => {
    const json = await request(isolated.app.getHttpServer()).get('/api/docs-json');
    expect(json.status).toBe(200);
    const paths = Object.keys((json.body as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/nfts', '/api/admin/authenticate']));

    const ui = await request(isolated.app.getHttpServer()).get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });
});
