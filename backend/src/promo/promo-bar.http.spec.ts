import { EntityManager } from '@mikro-orm/postgresql';
import {
  API_ROUTES,
  DEFAULT_PROMO_BAR_SETTINGS,
  PROMO_BAR_MESSAGES,
  type PromoBarSettings,
} from '@nexus/contract';
import request from 'supertest';

import { MEDIA } from '../uploads/testing/media-files.fixture.js';
import { useUploadApi } from '../uploads/testing/upload-api.fixture.js';
import { UPLOAD_BACKENDS } from '../uploads/testing/upload-backends.fixture.js';
import { PromoBarController } from './promo-bar.controller.js';

const SAVED: PromoBarSettings = {
  isActive: true,
  buttonText: 'Go',
  buttonLink: 'https://nexus.example/drop',
  buttonPosition: 'center',
  buttonColor: 'purple',
  videoUrl: '',
  videoOpacity: 35,
};

describe.each(UPLOAD_BACKENDS)(`${PromoBarController.name} (%s)`, (name) => {
  const api = useUploadApi(name, `promo_bar_${name}`);

  const read = async (app = api.app): Promise<PromoBarSettings> => {
    const res = await request(app.getHttpServer()).get(API_ROUTES.promoBarSettings.path);
    expect(res.status).toBe(200);
    return res.body as PromoBarSettings;
  };
  const save = (settings: unknown, video?: { file: string; filename: string; contentType: string }) => {
    const req = request(api.app.getHttpServer())
      .put(API_ROUTES.savePromoBarSettings.path)
      .set('Cookie', api.cookie);
    if (video)
      void req.attach('video', video.file, { filename: video.filename, contentType: video.contentType });
    if (settings !== undefined) {
      void req.field('settings', typeof settings === 'string' ? settings : JSON.stringify(settings));
    }
    return req;
  };
  const mp4 = () => ({ file: api.files.mp4!, filename: 'bar.mp4', contentType: 'video/mp4' });
  const sql = (query: string, params: unknown[] = []) =>
    api.app.get(EntityManager).fork().getConnection().execute(query, params);
  const keyOf = (url: string) => `uploads/${url.split('/').pop()}`;

  it('answers the contract defaults before anything was saved', async () => {
    expect(await read()).toEqual(DEFAULT_PROMO_BAR_SETTINGS);
  });

  it('answers 401 to a save without an admin session, and changes nothing', async () => {
    const before = await api.backend.leftovers();
    const res = await request(api.app.getHttpServer())
      .put(API_ROUTES.savePromoBarSettings.path)
      .field('settings', JSON.stringify(SAVED));
    expect(res.status).toBe(401);
    expect((res.body as { message: string }).message).toBe('Admin session required');
    // With a video: the guard answers before the body is read, so the client may still be writing
    // when the answer comes (EPIPE on its side); whichever way, nothing is stored.
    const withVideo = await request(api.app.getHttpServer())
      .put(API_ROUTES.savePromoBarSettings.path)
      .field('settings', JSON.stringify(SAVED))
      .attach('video', api.files.mp4!, 'bar.mp4')
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
        return null;
      });
    if (withVideo) expect(withVideo.status).toBe(401);
    expect(await read()).toEqual(DEFAULT_PROMO_BAR_SETTINGS);
    expect(await api.backend.leftovers()).toEqual(before);
  });

  it('saves the merged settings and every API process answers them at once', async () => {
    const res = await save({ ...SAVED, videoUrl: '/api/media/files/ignored.mp4' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAVED);
    expect(await read()).toEqual(SAVED);
    expect(await read(api.sibling)).toEqual(SAVED);
  });

  it('keeps what a partial settings object leaves out', async () => {
    const res = await save({ buttonColor: 'green' });
    expect(res.status).toBe(200);
    expect(await read(api.sibling)).toEqual({ ...SAVED, buttonColor: 'green' });
    await save(SAVED).expect(200);
  });

  describe('refusals: 400 with a clear message, nothing changed, no file kept', () => {
    it.each([
      ['an opacity under 10', { videoOpacity: 5 }, PROMO_BAR_MESSAGES.opacity],
      ['an opacity over 100', { videoOpacity: 105 }, PROMO_BAR_MESSAGES.opacity],
      ['an opacity off the 5 step', { videoOpacity: 52 }, PROMO_BAR_MESSAGES.opacity],
      ['a fractional opacity', { videoOpacity: 50.5 }, PROMO_BAR_MESSAGES.opacity],
      ['an opacity as text', { videoOpacity: '50' }, PROMO_BAR_MESSAGES.opacity],
      [
        'an unknown position',
        { buttonPosition: 'top' },
        'buttonPosition must be one of: left, center, right',
      ],
      ['an unknown colour', { buttonColor: 'red' }, 'buttonColor must be one of: cyan, purple, blue, green'],
      [
        'a javascript: link',
        { buttonLink: 'javascript:alert(1)' },
        'buttonLink must be an http(s) link of at most 2048 characters',
      ],
      ['button text too long', { buttonText: 'x'.repeat(61) }, 'buttonText must be at most 60 characters'],
      ['isActive as text', { isActive: 'true' }, 'isActive must be true or false'],
      ['an unknown setting', { headline: 'Hi' }, 'property headline should not exist'],
      ['JSON that does not parse', '{"isActive": tru', PROMO_BAR_MESSAGES.settingsJson],
      ['a JSON array', '[]', PROMO_BAR_MESSAGES.settingsJson],
      ['JSON null', 'null', PROMO_BAR_MESSAGES.settingsJson],
      ['no settings at all', undefined, PROMO_BAR_MESSAGES.settingsJson],
    ])('%s', async (_case, settings, message) => {
      const before = await api.backend.leftovers();
      for (const video of [undefined, mp4()]) {
        const res = await save(typeof settings === 'object' ? { ...SAVED, ...settings } : settings, video);
        expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({
          status: 400,
          message,
        });
      }
      expect(await read()).toEqual(SAVED);
      expect(await api.backend.leftovers()).toEqual(before);
    });

    it.each([
      ['an image', 'png', 'bar.png', 'image/png', PROMO_BAR_MESSAGES.invalidVideo.description],
      ['a PNG renamed .mp4', 'png', 'bar.mp4', 'video/mp4', PROMO_BAR_MESSAGES.invalidVideo.description],
      [
        'an MP4 declared image/png',
        'mp4',
        'bar.mp4',
        'image/png',
        PROMO_BAR_MESSAGES.invalidVideo.description,
      ],
      [
        'an empty file',
        'empty',
        'bar.mp4',
        'video/mp4',
        'File is no longer valid. Please select the file again.',
      ],
    ])('a video that is %s', async (_case, file, filename, contentType, message) => {
      const before = await api.backend.leftovers();
      const res = await save(SAVED, { file: api.files[file]!, filename, contentType });
      expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({
        status: 400,
        message,
      });
      expect(await read()).toEqual(SAVED);
      expect(await api.backend.leftovers()).toEqual(before);
    });
  });

  describe('background video', () => {
    it('stores the video, serves it with its type and byte ranges, and replaces it on the next one', async () => {
      const first = await save({ ...SAVED, videoOpacity: 80 }, mp4());
      expect(first.status).toBe(200);
      const saved = first.body as PromoBarSettings;
      expect(saved).toEqual({
        ...SAVED,
        videoOpacity: 80,
        videoUrl: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.mp4$/),
      });
      expect(await read(api.sibling)).toEqual(saved);
      const served = await request(api.app.getHttpServer()).get(saved.videoUrl).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(served.body as Buffer).equals(MEDIA.mp4)).toBe(true);
      const range = await request(api.app.getHttpServer()).get(saved.videoUrl).set('Range', 'bytes=4-7');
      expect(range.status).toBe(206);

      // Settings alone keep the video.
      await save({ ...saved, buttonText: 'Watch' }).expect(200);
      expect((await read()).videoUrl).toBe(saved.videoUrl);

      const second = await save(SAVED, {
        file: api.files.webm!,
        filename: 'bar.webm',
        contentType: 'video/webm',
      });
      expect(second.status).toBe(200);
      const replaced = second.body as PromoBarSettings;
      expect(replaced.videoUrl).toMatch(/\.webm$/);
      expect(await api.backend.storage.exists(keyOf(saved.videoUrl))).toBe(false);
      await request(api.app.getHttpServer()).get(saved.videoUrl).expect(404);
      const webm = await request(api.app.getHttpServer()).get(replaced.videoUrl);
      expect(webm.headers['content-type']).toBe('video/webm');
    });

    it('keeps the old video and settings, and drops the new file, when the save fails', async () => {
      const current = await read();
      expect(current.videoUrl).not.toBe('');
      await sql(`create or replace function promo_bar_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`);
      await sql(`create trigger promo_bar_refuse before update on promo_bar_settings
        for each row when (new.button_text = 'database says no') execute function promo_bar_refuse()`);
      try {
        const before = await api.backend.leftovers();
        const res = await save({ ...current, buttonText: 'database says no' }, mp4());
        expect(res.status).toBe(500);
        expect((res.body as { message: string }).message).toBe('Internal server error');
        expect(await api.backend.leftovers()).toEqual(before);
      } finally {
        await sql('drop trigger promo_bar_refuse on promo_bar_settings');
      }
      expect(await read()).toEqual(current);
      expect(await api.backend.storage.exists(keyOf(current.videoUrl))).toBe(true);
    });

    it('keeps one row, and two saves with videos at once leave exactly the winner’s video', async () => {
      for (let round = 0; round < 3; round += 1) {
        const before = await read();
        const [a, b] = await Promise.all([save(SAVED, mp4()), save(SAVED, mp4())]);
        expect([a.status, b.status]).toEqual([200, 200]);
        const final = await read();
        expect([(a.body as PromoBarSettings).videoUrl, (b.body as PromoBarSettings).videoUrl]).toContain(
          final.videoUrl,
        );
        const videos = (await api.backend.leftovers()).filter(
          (key) => key.endsWith('.mp4') || key.endsWith('.webm'),
        );
        expect(videos).toEqual([keyOf(final.videoUrl)]);
        expect(videos).not.toContain(keyOf(before.videoUrl));
      }
      expect(await sql('select count(*)::int as n from promo_bar_settings')).toEqual([{ n: 1 }]);
    });

    it('removes the video on request: no address in the settings, the file gone, the rest kept', async () => {
      const withVideo = (await save({ ...SAVED, buttonText: 'Watch' }, mp4()).expect(200))
        .body as PromoBarSettings;
      expect(withVideo.videoUrl).not.toBe('');
      expect(await api.backend.storage.exists(keyOf(withVideo.videoUrl))).toBe(true);

      // Not a boolean: refused, the video stays.
      const refused = await save({ ...withVideo, removeVideo: 'yes' });
      expect({ status: refused.status, message: (refused.body as { message?: string }).message }).toEqual({
        status: 400,
        message: 'removeVideo must be true or false',
      });
      expect((await read()).videoUrl).toBe(withVideo.videoUrl);

      const res = await save({ ...withVideo, removeVideo: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...withVideo, videoUrl: '' });
      expect(await read(api.sibling)).toEqual({ ...withVideo, videoUrl: '' });
      expect(await api.backend.storage.exists(keyOf(withVideo.videoUrl))).toBe(false);
      await request(api.app.getHttpServer()).get(withVideo.videoUrl).expect(404);
      const videos = (await api.backend.leftovers()).filter(
        (key) => key.endsWith('.mp4') || key.endsWith('.webm'),
      );
      expect(videos).toEqual([]);
      // Removing again changes nothing; a video sent with removeVideo is the new one.
      await save({ removeVideo: true }).expect(200);
      const replaced = (await save({ removeVideo: true }, mp4()).expect(200)).body as PromoBarSettings;
      expect(replaced.videoUrl).toMatch(/\.mp4$/);
    });
  });
});
