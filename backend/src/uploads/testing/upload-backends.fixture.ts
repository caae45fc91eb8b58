import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DiskMediaStorage, type MediaStorage, S3MediaStorage } from '../../media/index.js';
import { startS3rver } from '../../media/testing/s3rver.fixture.js';

export type UploadBackendName = 'disk' | 's3';
export const UPLOAD_BACKENDS: UploadBackendName[] = ['disk', 's3'];

/** Where an API under test keeps media: a temporary directory, or a bucket on a real S3 API (s3rver). */
export interface UploadBackend {
  name: UploadBackendName;
  /** Environment for startIsolatedApi. */
  env: Record<string, string>;
  /** The same store, seen from the test. */
  storage: MediaStorage;
  /** Every stored upload, plus (disk) any half-written temporary file: empty after failed uploads. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startUploadBackend(name: UploadBackendName): Promise<UploadBackend> {
  if (name === 'disk') {
    const dir = await mkdtemp(join(tmpdir(), 'nexus-uploads-'));
    const storage = new DiskMediaStorage(dir);
    return {
      name,
      env: { MEDIA_DIR: dir },
      storage,
      async leftovers() {
        const temporary = await readdir(join(dir, 'tmp')).catch(() => []);
        return [...(await storage.list('uploads/')), ...temporary.map((file) => `tmp/${file}`)];
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const s3 = await startS3rver();
  const config = s3.config(`uploads-${randomBytes(4).toString('hex')}`);
  const storage = new S3MediaStorage(config);
  return {
    name,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_ACCESS_KEY: config.accessKey,
      S3_SECRET_KEY: config.secretKey,
      S3_BUCKET: config.bucket,
    },
    storage,
    leftovers: () => storage.list('uploads/'),
    close: () => s3.close(),
  };
}
