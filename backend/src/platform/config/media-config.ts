import { resolve } from 'node:path';
import type { EnvReader } from './env-reader.js';
import { DEFAULT_MEDIA_LIMITS, MEGABYTE, type MediaLimits } from './media-limits.js';

export interface S3Config {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** Where images and uploads are kept, and how much of them. */
export interface MediaSettings {
  s3: S3Config | null;
  mediaDir: string;
  /** Image cache size, uploads budget per address, unreferenced uploads' lifetime. */
  mediaLimits: MediaLimits;
}

/** S3_ENDPOINT with its keys, or null: media stay in MEDIA_DIR. */
function parseS3(reader: EnvReader): S3Config | null {
  const { env } = reader;
  const endpoint = reader.url('S3_ENDPOINT', null, ['http:', 'https:']);
  if (!endpoint) return null;
  const missing = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((n) => !env[n]);
  for (const n of missing) reader.problem(`${n} is required when S3_ENDPOINT is set`);
  return {
    endpoint,
    accessKey: env.S3_ACCESS_KEY ?? '',
    secretKey: env.S3_SECRET_KEY ?? '',
    bucket: env.S3_BUCKET || 'nexus-media',
  };
}

function parseMediaLimits(reader: EnvReader): MediaLimits {
  return {
    imageCacheMaxBytes:
      reader.int('IMAGE_CACHE_MAX_MB', DEFAULT_MEDIA_LIMITS.imageCacheMaxBytes / MEGABYTE, 1, 1_048_576) *
      MEGABYTE,
    uploadBudgetBytes:
      reader.int('UPLOAD_BUDGET_MB', DEFAULT_MEDIA_LIMITS.uploadBudgetBytes / MEGABYTE, 1, 100_000) *
      MEGABYTE,
    unreferencedUploadTtlMs:
      reader.int(
        'UPLOAD_UNREFERENCED_MINUTES',
        DEFAULT_MEDIA_LIMITS.unreferencedUploadTtlMs / 60_000,
        1,
        7 * 24 * 60,
      ) * 60_000,
    uploadSweepIntervalMs:
      reader.int(
        'UPLOAD_SWEEP_INTERVAL_SECONDS',
        DEFAULT_MEDIA_LIMITS.uploadSweepIntervalMs / 1000,
        1,
        24 * 3600,
      ) * 1000,
  };
}

/** `root`: the repository root, against which MEDIA_DIR is resolved. */
export function parseMediaSettings(reader: EnvReader, root: string): MediaSettings {
  return {
    s3: parseS3(reader),
    mediaDir: resolve(root, reader.env.MEDIA_DIR || '.nexus/media'),
    mediaLimits: parseMediaLimits(reader),
  };
}
