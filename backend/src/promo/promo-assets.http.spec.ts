import { EntityManager } from '@mikro-orm/postgresql';
import { PROMO_MESSAGES, PROMO_UPLOAD, type PromoAsset } from '@nexus/contract';
import request from 'supertest';

import { MEDIA, writeSizedFile } from '../uploads/testing/media-files.fixture.js';
import { useUploadApi } from '../uploads/testing/upload-api.fixture.js';
import { UPLOAD_BACKENDS } from '../uploads/testing/upload-backends.fixture.js';
import { PromoAssetsController } from './promo-assets.controller.js';

const INVALID_TYPE = PROMO_MESSAGES.invalidType.description;

describe.each(UPLOAD_BACKENDS)(`${PromoAssetsController.name} (%s)`, (name) => {
  const api = useUploadApi(name, `promo_assets_${name}`, async (dir) => ({
    // Made on disk (sparse) and streamed: never held in memory by the test.
    hundredMb: await writeSizedFile(dir, 'hundred.mp4', MEDIA.mp4, PROMO_UPLOAD.maxBytes),
    hundredMbPlusOne: await writeSizedFile(dir, 'hundred-plus-one.mp4', MEDIA.mp4, PROMO_UPLOAD.maxBytes + 1),
  }));

  const http = () => request(api.app.getHttpServer());
  const sql = (query: string, params: unknown[] = []) =>
    api.app.get(EntityManager).fork().getConnection().execute(query, params);
  const upload = (
    file: string,
    options: { filename: string; contentType?: string },
    fields: Record<string, string> = { name: 'Promo' },
  ) => {
    const req = http()
      .post('/api/promo-assets/upload')
      .set('Cookie', api.cookie)
      .attach('file', file, options);
    for (const [field, value] of Object.entries(fields)) void req.field(field, value);
    return req;
  };
  const keyOf = (asset: PromoAsset) => `uploads/${asset.url.split('/').pop()}`;

  async function expectRefused(
    response: request.Response,
    status: number,
    message: string,
    before: string[],
  ) {
    expect({ status: response.status, message: (response.body as { message?: string }).message }).toEqual({
      status,
      message,
    });
    expect(await api.backend.leftovers()).toEqual(before);
  }

  describe('admin session', () => {
    it('answers 401 to every admin route and mutation without one, changing nothing', async () => {
      const created = await upload(api.files.png!, { filename: 'a.png', contentType: 'image/png' });
      expect(created.status).toBe(201);
      const id = (created.body as PromoAsset).id;
      const before = await api.backend.leftovers();
      const anonymous = request(api.app.getHttpServer());
      // With a video: the guard answers before the body is read, so the client may still be writing
      // when the answer comes (EPIPE on its side); whichever way, nothing is stored.
      const withVideo = await anonymous
        .post('/api/promo-assets/upload')
        .attach('file', api.files.mp4!, 'clip.mp4')
        .field('name', 'x')
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
          return null;
        });
      for (const res of [
        await anonymous.get('/api/promo-assets'),
        ...(withVideo ? [withVideo] : []),
        await anonymous.put(`/api/promo-assets/${id}`).send({ isActive: false }),
        await anonymous.delete(`/api/promo-assets/${id}`),
        await anonymous
          .post('/api/promo-assets/upload')
          .set('Cookie', 'nexus_admin=forged')
          .field('name', 'x'),
      ]) {
        expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({
          status: 401,
          message: 'Admin session required',
        });
      }
      expect(await api.backend.leftovers()).toEqual(before);
      const [row] = await sql('select is_active from promo_asset where id = ?', [id]);
      expect(row).toEqual({ is_active: true });
      // The active list is public.
      await request(api.app.getHttpServer()).get('/api/promo-assets/active').expect(200);
    });
  });

  describe('POST /api/promo-assets/upload', () => {
    it.each([
      ['JPG', 'jpeg', 'promo.jpg', 'image/jpeg', 'image'],
      ['PNG', 'png', 'promo.png', 'image/png', 'image'],
      ['GIF', 'gif', 'promo.gif', 'image/gif', 'image'],
      ['WEBP', 'webp', 'promo.webp', 'image/webp', 'image'],
      ['MP4', 'mp4', 'promo.mp4', 'video/mp4', 'video'],
      ['WEBM', 'webm', 'promo.webm', 'video/webm', 'video'],
      ['MOV', 'mov', 'promo.mov', 'video/quicktime', 'video'],
      ['AVI', 'avi', 'promo.avi', 'video/x-msvideo', 'video'],
    ])('stores a %s and serves it back with its type', async (_kind, file, filename, contentType, type) => {
      const res = await upload(
        api.files[file]!,
        { filename, contentType },
        {
          name: `  ${_kind} promo  `,
          title: 'Title',
          description: 'Watch this',
          promotionalUrl: 'https://nexus.example/learn',
        },
      );
      expect(res.status).toBe(201);
      const asset = res.body as PromoAsset;
      expect(asset).toEqual({
        id: expect.stringMatching(/^\d+$/),
        name: `${_kind} promo`,
        title: 'Title',
        description: 'Watch this',
        promotionalUrl: 'https://nexus.example/learn',
        url: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.\w+$/),
        type,
        isActive: true,
        contentType,
        size: MEDIA[file as keyof typeof MEDIA].length,
        createdAt: expect.any(String),
      });
      const served = await http().get(asset.url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(served.body as Buffer).equals(MEDIA[file as keyof typeof MEDIA])).toBe(true);
    });

    it.each([
      ['a PNG renamed .mp4', 'png', 'promo.mp4', 'video/mp4'],
      ['a PNG renamed .mp4, declared as nothing', 'png', 'promo.mp4', 'application/octet-stream'],
      ['an MP4 declared image/png', 'mp4', 'promo.png', 'image/png'],
      ['an MP4 declared image/png without an extension', 'mp4', 'promo', 'image/png'],
      ['a WebM named .avi', 'webm', 'promo.avi', 'video/x-msvideo'],
      ['an SVG', 'svg', 'promo.svg', 'image/svg+xml'],
      ['a PDF', 'pdf', 'promo.pdf', 'application/pdf'],
      ['HTML named like a video', 'html', 'promo.mp4', 'video/mp4'],
    ])('refuses %s', async (_case, file, filename, contentType) => {
      const before = await api.backend.leftovers();
      await expectRefused(
        await upload(api.files[file]!, { filename, contentType }),
        400,
        INVALID_TYPE,
        before,
      );
    });

    it('refuses an empty file with the SPEC message', async () => {
      const before = await api.backend.leftovers();
      const res = await upload(api.files.empty!, { filename: 'promo.mp4', contentType: 'video/mp4' });
      await expectRefused(res, 400, 'File is no longer valid. Please select the file again.', before);
    });

    it('accepts exactly 100 MB and refuses 100 MB + 1, leaving nothing', async () => {
      const accepted = await upload(api.files.hundredMb!, { filename: 'big.mp4', contentType: 'video/mp4' });
      expect(accepted.status).toBe(201);
      expect(await api.backend.storage.stat(keyOf(accepted.body as PromoAsset))).toEqual({
        contentType: 'video/mp4',
        size: PROMO_UPLOAD.maxBytes,
      });

      const before = await api.backend.leftovers();
      const refused = await upload(api.files.hundredMbPlusOne!, {
        filename: 'huge.mp4',
        contentType: 'video/mp4',
      });
      await expectRefused(refused, 413, 'File size must be less than 100MB', before);
    });

    it.each([
      ['no name', {}, 'Please enter a name for the asset'],
      ['a blank name', { name: '   ' }, 'Please enter a name for the asset'],
      ['a name too long', { name: 'n'.repeat(201) }, 'name must be at most 200 characters'],
      [
        'a Learn More URL that is not a URL',
        { name: 'x', promotionalUrl: 'not a url' },
        PROMO_MESSAGES.invalidUrl,
      ],
      [
        'a javascript: Learn More URL',
        { name: 'x', promotionalUrl: 'javascript:alert(1)' },
        PROMO_MESSAGES.invalidUrl,
      ],
      ['a title too long', { name: 'x', title: 't'.repeat(2001) }, 'title must be at most 2000 characters'],
      ['an unknown field', { name: 'x', isActive: 'false' }, 'property isActive should not exist'],
    ])('refuses %s and removes the file already stored', async (_case, fields, message) => {
      const before = await api.backend.leftovers();
      const res = await upload(api.files.mp4!, { filename: 'promo.mp4', contentType: 'video/mp4' }, fields);
      await expectRefused(res, 400, message, before);
    });

    it('asks for a file when none is sent', async () => {
      const res = await http()
        .post('/api/promo-assets/upload')
        .set('Cookie', api.cookie)
        .field('name', 'No file');
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe('Please select a file to upload');
    });

    it('removes the stored file when the database write fails', async () => {
      await sql(`create or replace function promo_asset_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`);
      await sql(`create trigger promo_asset_refuse before insert on promo_asset
        for each row when (new.name = 'database says no') execute function promo_asset_refuse()`);
      try {
        const before = await api.backend.leftovers();
        const count = async () =>
          (await sql('select count(*)::int as n from promo_asset'))[0] as { n: number };
        const rows = await count();
        const res = await upload(
          api.files.mp4!,
          { filename: 'promo.mp4', contentType: 'video/mp4' },
          { name: 'database says no' },
        );
        await expectRefused(res, 500, 'Internal server error', before);
        expect(await count()).toEqual(rows);
      } finally {
        await sql('drop trigger promo_asset_refuse on promo_asset');
      }
    });
  });

  describe('lists, toggle and delete', () => {
    it('lists every asset for the admin and the active ones for visitors, newest first, on every API process', async () => {
      const first = (await upload(api.files.png!, { filename: 'a.png' }, { name: 'Older' }).expect(201))
        .body as PromoAsset;
      const second = (await upload(api.files.mp4!, { filename: 'b.mp4' }, { name: 'Newer' }).expect(201))
        .body as PromoAsset;

      const all = (await http().get('/api/promo-assets').set('Cookie', api.cookie).expect(200))
        .body as PromoAsset[];
      expect(all.slice(0, 2).map((a) => a.id)).toEqual([second.id, first.id]);
      const active = (await request(api.sibling.getHttpServer()).get('/api/promo-assets/active').expect(200))
        .body as PromoAsset[];
      expect(active[0]).toEqual(second);

      // Switched off on one process, gone from the active list of the other at once.
      const toggled = await http()
        .put(`/api/promo-assets/${second.id}`)
        .set('Cookie', api.cookie)
        .send({ isActive: false });
      expect(toggled.status).toBe(200);
      expect(toggled.body).toEqual({ ...second, isActive: false });
      const after = (await request(api.sibling.getHttpServer()).get('/api/promo-assets/active').expect(200))
        .body as PromoAsset[];
      expect(after.map((a) => a.id)).not.toContain(second.id);
      expect(after.every((a) => a.isActive)).toBe(true);
      expect(
        ((await http().get('/api/promo-assets').set('Cookie', api.cookie)).body as PromoAsset[])[0],
      ).toEqual({
        ...second,
        isActive: false,
      });

      await http()
        .put(`/api/promo-assets/${second.id}`)
        .set('Cookie', api.cookie)
        .send({ isActive: true })
        .expect(200);
      expect(
        (
          (await request(api.sibling.getHttpServer()).get('/api/promo-assets/active')).body as PromoAsset[]
        )[0]!.id,
      ).toBe(second.id);
    });

    it.each([
      [{ isActive: 'yes' }, 'isActive must be true or false'],
      [{}, 'isActive must be true or false'],
      [{ isActive: true, name: 'renamed' }, 'property name should not exist'],
    ])('refuses the toggle body %j', async (body, message) => {
      const asset = (await upload(api.files.gif!, { filename: 'a.gif' }).expect(201)).body as PromoAsset;
      const res = await http().put(`/api/promo-assets/${asset.id}`).set('Cookie', api.cookie).send(body);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(message);
    });

    it('deletes the row and then its stored file', async () => {
      const asset = (await upload(api.files.webm!, { filename: 'a.webm' }).expect(201)).body as PromoAsset;
      expect(await api.backend.storage.exists(keyOf(asset))).toBe(true);

      const res = await http().delete(`/api/promo-assets/${asset.id}`).set('Cookie', api.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await api.backend.storage.exists(keyOf(asset))).toBe(false);
      expect(await sql('select id from promo_asset where id = ?', [asset.id])).toEqual([]);
      await http().get(asset.url).expect(404);

      for (const again of [
        await http().delete(`/api/promo-assets/${asset.id}`).set('Cookie', api.cookie),
        await http().put(`/api/promo-assets/${asset.id}`).set('Cookie', api.cookie).send({ isActive: true }),
      ]) {
        expect(again.status).toBe(404);
        expect((again.body as { message: string }).message).toBe('Promo asset not found');
      }
    });

    it('refuses an id that is not a positive whole number', async () => {
      const res = await http().delete('/api/promo-assets/abc').set('Cookie', api.cookie);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe('id must be a positive whole number');
    });
  });
});
