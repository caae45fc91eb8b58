import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import { SUBMISSION_IMAGE, type SubmissionUploadResponse, type UploadResponse } from '@nexus/contract';
import request from 'supertest';

import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { startCuttableProxy, type CuttableProxy } from '../media/testing/cuttable-proxy.fixture.js';
import {
  gifDeclaring,
  jpegDeclaring,
  pngDeclaring,
  webpDeclaring,
} from '../media/testing/image-headers.fixture.js';
import { SubmissionUploadsController } from './submission-uploads.controller.js';
import { MEDIA, writeMediaSamples, writeSizedFile } from './testing/media-files.fixture.js';
import {
  startUploadBackend,
  UPLOAD_BACKENDS,
  type UploadBackend,
} from './testing/upload-backends.fixture.js';
import { UploadsController } from './uploads.controller.js';

const TEN_MB = 10 * 1024 * 1024;
const INVALID_IMAGE = 'Please select an image file (PNG, JPG, GIF, WebP)';
const TOO_LARGE_IMAGE = 'Please select an image smaller than 10MB';

/** Polls until `check` passes (cleanup after a client abort finishes after the client is gone). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.each(UPLOAD_BACKENDS)(
  `${UploadsController.name} and ${SubmissionUploadsController.name} (%s)`,
  (name) => {
    let backend: UploadBackend;
    let proxy: CuttableProxy | null = null;
    let isolated: IsolatedApi;
    let sut: NestExpressApplication;
    let cookie: string;
    let dir: string;
    let files: Record<string, string>;

    beforeAll(async () => {
      backend = await startUploadBackend(name);
      ({ dir, files } = await writeMediaSamples('nexus-upload-files-', 'png'));
      files.bomb = join(dir, 'bomb.png');
      await writeFile(files.bomb, pngDeclaring(60_000, 60_000));
      files.tenMb = await writeSizedFile(dir, 'ten.png', MEDIA.png, TEN_MB);
      files.tenMbPlusOne = await writeSizedFile(dir, 'ten-plus-one.png', MEDIA.png, TEN_MB + 1);
      let env = backend.env;
      if (name === 's3') {
        // S3 traffic passes a proxy the storage-failure test can cut mid-upload.
        proxy = await startCuttableProxy(new URL(backend.env.S3_ENDPOINT!));
        env = { ...env, S3_ENDPOINT: proxy.origin };
      }
      isolated = await startIsolatedApi(`uploads_${name}`, { env });
      sut = isolated.app;
      // Listening on a port: the abort test speaks raw HTTP.
      await sut.listen(0, '127.0.0.1');
      cookie = await adminCookie(sut.getHttpServer());
    });

    afterAll(async () => {
      await isolated?.close();
      await proxy?.close();
      await backend?.close();
      await rm(dir, { recursive: true, force: true });
    });

    const admin = () => request(sut.getHttpServer());
    const upload = (path: string, options: { filename: string; contentType?: string }) =>
      admin().post('/api/upload').set('Cookie', cookie).attach('file', path, options);

    /** The response's message, and that the store holds exactly what it held before. */
    async function expectRefused(
      response: request.Response,
      status: number,
      message: string,
      before: string[],
    ): Promise<void> {
      expect({ status: response.status, message: (response.body as { message?: string }).message }).toEqual({
        status,
        message,
      });
      expect(await backend.leftovers()).toEqual(before);
    }

    describe('POST /api/upload', () => {
      it.each([
        ['PNG', 'png', 'logo.png', 'image/png'],
        ['JPEG', 'jpeg', 'banner.jpeg', 'image/jpeg'],
        ['GIF', 'gif', 'logo.gif', 'image/gif'],
        ['WebP', 'webp', 'banner.webp', 'image/webp'],
      ])('stores a %s and serves it back with its type and nosniff', async (_kind, file, filename, type) => {
        const res = await upload(files[file]!, { filename, contentType: type });
        expect(res.status).toBe(201);
        const body = res.body as UploadResponse;
        expect(body).toEqual({
          success: true,
          url: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.\w+$/),
        });
        expect(await backend.leftovers()).toContain(`uploads/${body.url.split('/').pop()}`);

        const served = await request(sut.getHttpServer()).get(body.url).buffer(true);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(Buffer.from(served.body as Buffer).equals(MEDIA[file as keyof typeof MEDIA])).toBe(true);
      });

      it('answers 401 without an admin session and stores nothing', async () => {
        const before = await backend.leftovers();
        const res = await admin().post('/api/upload').attach('file', files.png!, { filename: 'logo.png' });
        await expectRefused(res, 401, 'Admin session required', before);
      });

      it.each([
        ['an SVG (not accepted for uploads)', 'svg', 'logo.svg', 'image/svg+xml'],
        ['HTML named like an image', 'html', 'logo.png', 'image/png'],
        ['a PDF', 'pdf', 'logo.pdf', 'application/pdf'],
        ['a video', 'mp4', 'clip.mp4', 'video/mp4'],
        ['a PNG renamed .mp4', 'png', 'logo.mp4', 'application/octet-stream'],
        ['a PNG renamed .gif', 'png', 'logo.gif', 'image/gif'],
        ['a PNG declared as a JPEG', 'png', 'logo', 'image/jpeg'],
        ['a GIF with a .txt name', 'gif', 'notes.txt', 'text/plain'],
      ])('refuses %s by its bytes', async (_case, file, filename, contentType) => {
        const before = await backend.leftovers();
        const res = await upload(files[file]!, { filename, contentType });
        await expectRefused(res, 400, INVALID_IMAGE, before);
      });

      it('judges a file without an extension or declared type by its bytes alone', async () => {
        const res = await upload(files.png!, { filename: 'blob', contentType: 'application/octet-stream' });
        expect(res.status).toBe(201);
      });

      it('refuses a PNG bomb from the admin too', async () => {
        const before = await backend.leftovers();
        const res = await upload(files.bomb!, { filename: 'logo.png', contentType: 'image/png' });
        await expectRefused(
          res,
          400,
          'The image is 60000×60000 pixels; images may have at most 50 megapixels',
          before,
        );
      });

      it('refuses an empty file', async () => {
        const before = await backend.leftovers();
        const res = await upload(files.empty!, { filename: 'logo.png', contentType: 'image/png' });
        await expectRefused(res, 400, INVALID_IMAGE, before);
      });

      it('accepts exactly 10 MB and refuses one byte more, leaving nothing', async () => {
        const accepted = await upload(files.tenMb!, { filename: 'ten.png', contentType: 'image/png' });
        expect(accepted.status).toBe(201);
        const stored = await backend.storage.stat(
          `uploads/${(accepted.body as UploadResponse).url.split('/').pop()}`,
        );
        expect(stored).toEqual({ contentType: 'image/png', size: TEN_MB });

        const before = await backend.leftovers();
        const refused = await upload(files.tenMbPlusOne!, { filename: 'big.png', contentType: 'image/png' });
        await expectRefused(refused, 413, TOO_LARGE_IMAGE, before);
      });

      it('asks for a file when none is sent, and refuses unknown fields', async () => {
        const before = await backend.leftovers();
        await expectRefused(
          await admin().post('/api/upload').set('Cookie', cookie).field('note', 'x'),
          400,
          'property note should not exist',
          before,
        );
        await expectRefused(
          await admin()
            .post('/api/upload')
            .set('Cookie', cookie)
            .attach('file', files.png!, 'a.png')
            .field('note', 'x'),
          400,
          'property note should not exist',
          before,
        );
        await expectRefused(
          await admin().post('/api/upload').set('Cookie', cookie).attach('image', files.png!, 'a.png'),
          400,
          'Unexpected file field - image',
          before,
        );
        const none = await admin().post('/api/upload').set('Cookie', cookie).send({});
        await expectRefused(none, 400, 'Please select a file to upload', before);
      });
    });

    describe('POST /api/collection-submissions/upload', () => {
      const submit = () => request(sut.getHttpServer()).post('/api/collection-submissions/upload');

      it('stores a banner and a logo for a visitor and answers both URLs', async () => {
        const res = await submit()
          .attach('banner', files.jpeg!, { filename: 'banner.jpg', contentType: 'image/jpeg' })
          .attach('logo', files.webp!, { filename: 'logo.webp', contentType: 'image/webp' });
        expect(res.status).toBe(201);
        const body = res.body as SubmissionUploadResponse;
        expect(body).toEqual({
          success: true,
          files: {
            banner: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.jpg$/),
            logo: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.webp$/),
          },
        });
        const logo = await request(sut.getHttpServer()).get(body.files.logo!);
        expect(logo.headers['content-type']).toBe('image/webp');
      });

      it('answers only the image that was sent', async () => {
        const res = await submit().attach('logo', files.gif!, {
          filename: 'logo.gif',
          contentType: 'image/gif',
        });
        expect(res.status).toBe(201);
        expect(Object.keys((res.body as SubmissionUploadResponse).files)).toEqual(['logo']);
      });

      it('accepts an image of exactly 10 MB', async () => {
        const res = await submit().attach('banner', files.tenMb!, {
          filename: 'banner.png',
          contentType: 'image/png',
        });
        expect(res.status).toBe(201);
        expect(SUBMISSION_IMAGE.maxBytes).toBe(TEN_MB);
      });

      it('refuses a banner of 10 MB + 1 with the SPEC message, keeping nothing', async () => {
        const before = await backend.leftovers();
        const res = await submit()
          .attach('logo', files.png!, { filename: 'logo.png', contentType: 'image/png' })
          .attach('banner', files.tenMbPlusOne!, { filename: 'banner.png', contentType: 'image/png' });
        await expectRefused(res, 413, TOO_LARGE_IMAGE, before);
      });

      it('removes the banner already stored when the logo that follows is refused', async () => {
        const before = await backend.leftovers();
        const res = await submit()
          .attach('banner', files.tenMb!, { filename: 'banner.png', contentType: 'image/png' })
          .attach('logo', files.pdf!, { filename: 'logo.png', contentType: 'image/png' });
        await expectRefused(res, 400, INVALID_IMAGE, before);
      });

      it.each([
        ['a video', 'mp4', 'logo.mp4', 'video/mp4'],
        ['an MP4 declared image/png', 'mp4', 'logo.png', 'image/png'],
        ['an SVG', 'svg', 'logo.svg', 'image/svg+xml'],
        ['an empty file', 'empty', 'logo.png', 'image/png'],
      ])('refuses %s', async (_case, file, filename, contentType) => {
        const before = await backend.leftovers();
        const res = await submit().attach('logo', files[file]!, { filename, contentType });
        await expectRefused(res, 400, INVALID_IMAGE, before);
      });

      it.each([
        ['a 60000×60000 PNG', 'bomb.png', 'image/png', pngDeclaring(60_000, 60_000), '60000×60000'],
        [
          'a JPEG declaring 65000×64000 behind 60 KB of EXIF',
          'bomb.jpg',
          'image/jpeg',
          jpegDeclaring(65_000, 64_000, { appBytes: 60_000 }),
          '65000×64000',
        ],
        ['a GIF declaring 65535×65535', 'bomb.gif', 'image/gif', gifDeclaring(65_535, 65_535), '65535×65535'],
        [
          'a WebP declaring 20000×20000',
          'bomb.webp',
          'image/webp',
          webpDeclaring('VP8X', 20_000, 20_000),
          '20000×20000',
        ],
      ])(
        'refuses %s (over 50 megapixels) with 400, keeping nothing',
        async (_case, filename, type, bytes, size) => {
          const before = await backend.leftovers();
          const res = await submit()
            .attach('banner', files.png!, { filename: 'banner.png', contentType: 'image/png' })
            .attach('logo', bytes, { filename, contentType: type });
          await expectRefused(
            res,
            400,
            `The image is ${size} pixels; images may have at most 50 megapixels`,
            before,
          );
        },
      );

      it('accepts an image of 50 megapixels exactly', async () => {
        const res = await submit().attach('banner', pngDeclaring(10_000, 5000), {
          filename: 'banner.png',
          contentType: 'image/png',
        });
        expect(res.status).toBe(201);
      });

      it('leaves nothing when the visitor goes away halfway through a file', async () => {
        const before = await backend.leftovers();
        const forwardedBefore = proxy?.forwarded ?? 0;
        const { port } = sut.getHttpServer().address() as AddressInfo;
        const boundary = 'nexus-abort-boundary';
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/collection-submissions/upload',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(TEN_MB),
          },
        });
        req.on('error', () => undefined);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="banner"; filename="b.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        );
        req.write(MEDIA.png);
        // 9 MB of the promised 10: past a whole S3 part, short of the end.
        const chunk = Buffer.alloc(256 * 1024);
        for (let sent = 0; sent < 9 * 1024 * 1024; sent += chunk.length) {
          if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
        }
        // The bytes are on their way into storage when the visitor leaves: a temporary file on
        // disk, a first part of a multipart upload sent to S3.
        if (name === 'disk') {
          await eventually(async () =>
            expect((await backend.leftovers()).some((k) => k.startsWith('tmp/'))).toBe(true),
          );
        } else {
          await eventually(async () =>
            expect(proxy!.forwarded - forwardedBefore).toBeGreaterThan(8 * 1024 * 1024),
          );
        }
        req.destroy();
        await eventually(async () => expect(await backend.leftovers()).toEqual(before));
        // The API still answers.
        const res = await submit().attach('logo', files.png!, {
          filename: 'logo.png',
          contentType: 'image/png',
        });
        expect(res.status).toBe(201);
      });

      it('leaves nothing when storage fails during the upload, and answers a fixed 5xx', async () => {
        const before = await backend.leftovers();
        let restore: () => Promise<void>;
        if (name === 'disk') {
          // uploads/ becomes a file: the bytes stream into tmp/ and cannot be moved into place.
          const uploads = join(backend.env.MEDIA_DIR!, 'objects', 'uploads');
          await mkdir(uploads, { recursive: true });
          await rename(uploads, `${uploads}.away`);
          await writeFile(uploads, 'in the way');
          restore = async () => {
            await rm(uploads);
            await rename(`${uploads}.away`, uploads);
          };
        } else {
          // The connection to S3 is cut once 6 MB of the upload went through (past its first part).
          proxy!.cutAfter(6 * 1024 * 1024);
          restore = async () => undefined;
        }
        try {
          const res = await submit().attach('banner', files.tenMb!, {
            filename: 'banner.png',
            contentType: 'image/png',
          });
          // A full disk is our fault (500); storage that stops answering is a dependency away (503).
          const [status, message] =
            name === 's3' ? [503, 'Service temporarily unavailable'] : [500, 'Internal server error'];
          expect(res.status).toBe(status);
          expect((res.body as { message: string }).message).toBe(message);
        } finally {
          await restore();
        }
        expect(await backend.leftovers()).toEqual(before);
        if (name === 's3') expect(proxy!.cuts).toBe(1);
      });
    });
  },
);
