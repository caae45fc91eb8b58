import { rm } from 'node:fs/promises';

import type { NestExpressApplication } from '@nestjs/platform-express';

import { adminCookie } from '../../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../../test/support/isolated-api.js';
import { writeMediaSamples } from './media-files.fixture.js';
import { startUploadBackend, type UploadBackend, type UploadBackendName } from './upload-backends.fixture.js';

/** An API taking uploads, as a describe block's tests see it once its beforeAll has run. */
export interface UploadApi {
  backend: UploadBackend;
  /** The API under test. */
  app: NestExpressApplication;
  /** A second API process on the same database and store. */
  sibling: NestExpressApplication;
  /** An admin session's cookie for `app`. */
  cookie: string;
  /** The MEDIA samples on disk (see writeMediaSamples), and what `moreFiles` wrote. */
  files: Record<string, string>;
}

/**
 * For the describe block it is called in: before its tests, the upload backend `name`, an isolated
 * API on database `database` and a sibling, an admin session and the MEDIA samples (their empty
 * one `.mp4`; `moreFiles` writes others in the same folder); after them, all of it closed.
 */
export function useUploadApi(
  name: UploadBackendName,
  database: string,
  moreFiles: (dir: string) => Promise<Record<string, string>> = async () => ({}),
): UploadApi {
  const api = { files: {} } as UploadApi;
  let isolated: IsolatedApi | undefined;
  let dir: string | undefined;

  beforeAll(async () => {
    api.backend = await startUploadBackend(name);
    const samples = await writeMediaSamples(`nexus-${database}-`, 'mp4');
    dir = samples.dir;
    Object.assign(api.files, samples.files, await moreFiles(samples.dir));
    isolated = await startIsolatedApi(database, { env: api.backend.env });
    api.app = isolated.app;
    api.sibling = await isolated.sibling();
    api.cookie = await adminCookie(api.app.getHttpServer());
  });

  afterAll(async () => {
    await api.sibling?.close();
    await isolated?.close();
    await api.backend?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return api;
}
