import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { SubmissionUploadResponse } from '@nexus/contract';
import request from 'supertest';

import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { deleteMatching, REDIS, RedisConnections } from '../platform/redis/index.js';
import { CollectionSubmissionEntity } from '../community/index.js';
import { PromoAssetEntity, PromoBarSettingsEntity } from '../promo/index.js';
import { WhitelistedCollectionEntity } from '../whitelist/index.js';
import { MEDIA, writeSizedFile } from './testing/media-files.fixture.js';
import {
  startUploadBackend,
  UPLOAD_BACKENDS,
  type UploadBackend,
} from './testing/upload-backends.fixture.js';
import { UploadBudget } from './upload-budget.service.js';
import { UploadSweeper } from './upload-sweeper.service.js';

const HOUR = 60 * 60_000;
const KB = 1024;
const BUDGET_MESSAGE =
  /^Upload limit reached: images not yet part of a submission may take at most 1 MB per address\. Submit your collection with the images already uploaded, or try again in \d+ minutes?\.$/;

const keyOf = (url: string): string => `uploads/${url.split('/').pop()}`;

describe.each(UPLOAD_BACKENDS)(`${UploadSweeper.name} and ${UploadBudget.name} (%s)`, (name) => {
  let backend: UploadBackend;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let dir: string;
  let file300k: string;
  let contract = 0;

  beforeAll(async () => {
    backend = await startUploadBackend(name);
    dir = await mkdtemp(join(tmpdir(), 'nexus-unused-uploads-'));
    file300k = await writeSizedFile(dir, 'big.png', MEDIA.png, 300 * KB);
    isolated = await startIsolatedApi(`unused_uploads_${name}`, {
      env: { ...backend.env, UPLOAD_BUDGET_MB: '1', RATE_LIMIT_SUBMISSION: '1000/3600' },
    });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated?.close();
    await backend?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const submitUpload = (banner: string | Buffer, logo?: string | Buffer) => {
    const req = request(sut.getHttpServer())
      .post('/api/collection-submissions/upload')
      .attach('banner', banner, { filename: 'banner.png', contentType: 'image/png' });
    return logo === undefined
      ? req
      : req.attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' });
  };
  const served = async (url: string): Promise<number> => (await request(sut.getHttpServer()).get(url)).status;
  const uploadedBytes = async (): Promise<number> =>
    (await backend.storage.entries('uploads/')).reduce((sum, entry) => sum + entry.size, 0);
  const nextContract = (): string => `0x${(++contract).toString(16).padStart(40, '0')}`;

  /** A saved submission that uses these images (as the submission form saves them). */
  async function submission(files: { banner?: string; logo?: string }): Promise<void> {
    const em = sut.get(EntityManager).fork();
    em.create(CollectionSubmissionEntity, {
      contractAddress: nextContract(),
      network: 'polygon',
      name: 'Used images',
      bannerUrl: files.banner ?? '',
      logoUrl: files.logo ?? '',
    });
    await em.flush();
  }

  async function clearRecords(): Promise<void> {
    const em = sut.get(EntityManager).fork();
    await em.nativeDelete(CollectionSubmissionEntity, {});
    await em.nativeDelete(WhitelistedCollectionEntity, {});
    await em.nativeDelete(PromoAssetEntity, {});
    await em.nativeDelete(PromoBarSettingsEntity, {});
  }

  beforeEach(async () => {
    await clearRecords();
    for (const key of await backend.storage.list('uploads/')) await backend.storage.delete(key);
    // A fresh budget for 127.0.0.1, and no sweep turn taken.
    await deleteMatching(sut.get(REDIS), `${isolated.prefix}:upload-budget:*`);
    await sut.get(REDIS).del(sut.get(RedisConnections).key('uploads', 'sweep-lock'));
  });

  describe('the sweep', () => {
    it('removes after an hour the uploads no record uses, and never one a record uses', async () => {
      const urls: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await submitUpload(MEDIA.png, MEDIA.png);
        expect([res.status, res.body]).toEqual([201, expect.anything()]);
        const { files } = res.body as SubmissionUploadResponse;
        urls.push(files.banner!, files.logo!);
      }
      const [subBanner, subLogo, wlLogo, wlBackground, promoFile, barVideo, strayA, strayB] = urls as [
        string,
        ...string[],
      ];
      await submission({ banner: subBanner, logo: `https://nexus.example${subLogo}` });
      const em = sut.get(EntityManager).fork();
      em.create(WhitelistedCollectionEntity, {
        contractAddress: nextContract(),
        name: 'Whitelisted',
        logoUrl: wlLogo!,
        backgroundImageUrls: ['https://elsewhere.example/bg.png', `http://127.0.0.1:3000${wlBackground}`],
      });
      em.create(PromoAssetEntity, {
        name: 'Promo',
        fileKey: keyOf(promoFile!),
        type: 'image',
        contentType: 'image/png',
        size: MEDIA.png.length,
      });
      em.create(PromoBarSettingsEntity, {
        isActive: true,
        buttonText: 'Go',
        buttonLink: '',
        buttonPosition: 'right',
        buttonColor: 'blue',
        videoOpacity: 50,
        videoKey: keyOf(barVideo!),
      });
      await em.flush();
      const sweeper = sut.get(UploadSweeper);

      // Not an hour old yet: everything stays.
      expect(await sweeper.sweep(Date.now() + HOUR - 60_000)).toEqual({
        examined: 0,
        kept: 0,
        removed: 0,
        removedBytes: 0,
      });
      for (const url of urls) expect(await served(url)).toBe(200);

      const outcome = await sweeper.sweep(Date.now() + HOUR + 60_000);
      expect(outcome).toEqual({
        examined: 8,
        kept: 6,
        removed: 2,
        removedBytes: 2 * MEDIA.png.length,
      });
      for (const url of [subBanner, subLogo, wlLogo, wlBackground, promoFile, barVideo])
        expect(await served(url!)).toBe(200);
      expect(await served(strayA!)).toBe(404);
      expect(await served(strayB!)).toBe(404);
      expect(await backend.storage.list('uploads/')).toHaveLength(6);
    });

    it('sweeps in one API process per interval when several run', async () => {
      const sibling = await isolated.sibling();
      try {
        const turns = await Promise.all([
          sut.get(UploadSweeper).sweepIfTurn(),
          sibling.get(UploadSweeper).sweepIfTurn(),
        ]);
        expect(turns.filter((turn) => turn !== null)).toHaveLength(1);
      } finally {
        await sibling.close();
      }
    });
  });

  describe('the budget per client address (UPLOAD_BUDGET_MB=1)', () => {
    it('bounds a flood of uploads to the budget, with 429 and a clear message', async () => {
      const statuses: number[] = [];
      let refusal: request.Response | null = null;
      for (let i = 0; i < 10; i++) {
        const res = await submitUpload(file300k, file300k);
        statuses.push(res.status);
        if (res.status === 429) refusal ??= res;
      }
      // 1 MB takes three files of 300 KB: one request whole, the second's logo is refused.
      expect(statuses).toEqual([201, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
      expect((refusal!.body as { message: string }).message).toMatch(BUDGET_MESSAGE);
      expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);
      expect(await uploadedBytes()).toBeLessThanOrEqual(1024 * KB);
      expect(await uploadedBytes()).toBe(600 * KB);
      // A small image still fits in what is left.
      expect((await submitUpload(MEDIA.png)).status).toBe(201);
    });

    it('gives the budget back once a submission uses the images', async () => {
      const first = await submitUpload(file300k, file300k);
      expect([first.status, first.body]).toEqual([201, expect.anything()]);
      const second = await submitUpload(file300k, file300k);
      expect(second.status).toBe(429);

      const { files } = first.body as SubmissionUploadResponse;
      await submission({ banner: files.banner, logo: files.logo });
      const third = await submitUpload(file300k, file300k);
      expect(third.status).toBe(201);
    });

    it('does not count a refused request against the budget', async () => {
      const refused = await submitUpload(file300k, MEDIA.pdf);
      expect(refused.status).toBe(400);
      for (let i = 0; i < 3; i++) expect((await submitUpload(file300k)).status).toBe(201);
      expect((await submitUpload(file300k)).status).toBe(429);
    });
  });
});
