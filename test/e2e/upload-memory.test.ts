import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PROMO_UPLOAD, type PromoAsset } from '@nexus/contract';
import request from 'supertest';

import { startS3rver, type RunningS3rver } from '../../backend/src/media/testing/s3rver.fixture.js';
import { MEDIA, writeSizedFile } from '../../backend/src/uploads/testing/media-files.fixture.js';
import { adminCookie } from '../support/admin-session.js';
import { startSystem, type RunningSystem } from '../support/system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

const MB = 1024 * 1024;
/**
 * Far below the file: the upload streams, it is never held whole. Over the first tens of MB a
 * process streams, V8's heap grows to its working size and code loads (30-40 MB here); after that a
 * second 100 MB upload adds little (0.6-16.5 MB here: more while a loaded machine delays the
 * collector), and a held file would add 100 MB.
 */
const MAX_GROWTH = { cold: 60 * MB, warm: 32 * MB } as const;

/** Resident memory of a process, now and at its peak (kB figures of /proc/<pid>/status). */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts a new peak: VmHWM is set back to the current resident size (Linux clear_refs "5"). */
async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

describe.each(['disk', 's3'] as const)(
  'memory of the API while a 100 MB promo upload streams (%s)',
  (name) => {
    let dir: string;
    let s3: RunningS3rver | null = null;
    let system: RunningSystem;
    let cookie: string;
    let big: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'nexus-upload-memory-'));
      big = await writeSizedFile(dir, 'promo.mp4', MEDIA.mp4, PROMO_UPLOAD.maxBytes);
      let env: Record<string, string> = { MEDIA_DIR: join(dir, 'media') };
      if (name === 's3') {
        s3 = await startS3rver();
        const config = s3.config('upload-memory');
        env = {
          S3_ENDPOINT: config.endpoint,
          S3_ACCESS_KEY: config.accessKey,
          S3_SECRET_KEY: config.secretKey,
          S3_BUCKET: config.bucket,
        };
      }
      system = await startSystem({
        prefix: testPrefix(`upload-memory-${name}`),
        port: 3251 + TEST_PORT_OFFSET + (name === 's3' ? 1 : 0),
        workers: 0,
        env,
      });
      cookie = await adminCookie(system.url);
    });

    afterAll(async () => {
      await system?.stop();
      await s3?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('stays far below the size of the file', async () => {
      const pid = system.api.child.pid!;
      const upload = () =>
        request(system.url)
          .post('/api/promo-assets/upload')
          .set('Cookie', cookie)
          .field('name', 'Memory probe')
          .attach('file', big, { filename: 'promo.mp4', contentType: 'video/mp4' });
      // Measured twice: the first upload also loads code paths (cold), the second runs warm.
      for (const round of ['cold', 'warm'] as const) {
        await resetPeak(pid);
        const before = await memory(pid);
        const res = await upload();
        expect(res.status).toBe(201);
        expect((res.body as PromoAsset).size).toBe(PROMO_UPLOAD.maxBytes);
        const after = await memory(pid);
        const growth = after.peak - before.rss;
        console.log(
          `[upload-memory] ${name}, ${round}: API resident ${(before.rss / MB).toFixed(1)} MB before, ` +
            `peak ${(after.peak / MB).toFixed(1)} MB while 100 MB streamed (+${(growth / MB).toFixed(1)} MB)`,
        );
        expect(growth).toBeLessThan(MAX_GROWTH[round]);
      }
    });
  },
);
