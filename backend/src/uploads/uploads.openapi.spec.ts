import request from 'supertest';

import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, { format?: string }>; required?: string[] } }
    >;
  };
  responses: Record<
    string,
    { content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
}

describe('OpenAPI of uploads and promo', () => {
  let isolated: IsolatedApi;
  let doc: Document;

  beforeAll(async () => {
    isolated = await startIsolatedApi('uploads_openapi');
    doc = (await request(isolated.app.getHttpServer()).get('/api/docs-json').expect(200)).body as Document;
  });

  afterAll(async () => {
    await isolated.close();
  });

  it.each([
    ['/api/upload', 'post', ['file'], true],
    ['/api/collection-submissions/upload', 'post', ['banner', 'logo'], false],
    ['/api/promo-assets/upload', 'post', ['file', 'name', 'title', 'description', 'promotionalUrl'], true],
    ['/api/admin/promo-bar-settings', 'put', ['video', 'settings'], true],
  ])('describes %s as a multipart upload', (path, method, fields, admin) => {
    const operation = doc.paths[path]?.[method];
    expect(operation).toBeDefined();
    const schema = operation!.requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(schema.properties ?? {})).toEqual(fields);
    const fileField = fields[0]!;
    expect(schema.properties![fileField]!.format).toBe('binary');
    expect(operation!.security ?? []).toEqual(admin ? [{ admin: [] }] : []);
  });

  it.each([
    ['/api/promo-assets', 'get', true],
    ['/api/promo-assets/active', 'get', false],
    ['/api/promo-assets/{id}', 'put', true],
    ['/api/promo-assets/{id}', 'delete', true],
    ['/api/promo-bar-settings', 'get', false],
  ])('marks %s %s as admin-only: %s', (path, method, admin) => {
    const operation = doc.paths[path]?.[method];
    expect(operation?.tags).toEqual(['promo']);
    expect(operation!.security ?? []).toEqual(admin ? [{ admin: [] }] : []);
  });

  it('documents the answers with the contract fields', () => {
    expect(Object.keys(doc.components.schemas.PromoAssetResponse!.properties).sort()).toEqual([
      'contentType',
      'createdAt',
      'description',
      'id',
      'isActive',
      'name',
      'promotionalUrl',
      'size',
      'title',
      'type',
      'url',
    ]);
    expect(Object.keys(doc.components.schemas.PromoBarSettingsResponse!.properties).sort()).toEqual([
      'buttonColor',
      'buttonLink',
      'buttonPosition',
      'buttonText',
      'isActive',
      'videoOpacity',
      'videoUrl',
    ]);
    expect(Object.keys(doc.components.schemas.UploadResponseDto!.properties)).toEqual(['success', 'url']);
    expect(Object.keys(doc.components.schemas.SubmissionUploadResponseDto!.properties)).toEqual([
      'success',
      'files',
    ]);
    expect(
      doc.paths['/api/promo-assets/active']!.get!.responses['200']!.content!['application/json']!.schema
        .items!.$ref,
    ).toBe('#/components/schemas/PromoAssetResponse');
  });
});
