import { ConfigurableModuleBuilder } from '@nestjs/common';

import type { MediaFetcher } from '../platform/outbound/index.js';
import { DiskMediaStorage } from './disk.media-storage.js';
import type { MediaStorage } from './media.storage.js';
import { S3MediaStorage, type S3StorageConfig } from './s3.media-storage.js';

export interface MediaModuleOptions {
  /** S3/MinIO when S3_ENDPOINT is set; null keeps media on the local disk. */
  s3: S3StorageConfig | null;
  /** Directory for media when `s3` is null. */
  localDir: string;
  /** Guarded fetching of NFT images (the outbound layer's GatewayFetcher, or the metadata resolver). */
  fetcher: MediaFetcher;
  /** Largest NFT image the proxy fetches (default 15 MiB). */
  imageMaxBytes?: number;
  /** Budget of one image fetch attempt (default 15 s). */
  imageTimeoutMs?: number;
  /** Total bytes of the image proxy's cache; the least recently served images go (default 1 GiB). */
  imageCacheMaxBytes?: number;
}

/** Injection token of MediaModuleOptions: provided by MediaModule.forRoot/forRootAsync, or globally. */
export const MEDIA_MODULE_OPTIONS = Symbol('MEDIA_MODULE_OPTIONS');

export const {
  ConfigurableModuleClass: ConfigurableMediaModule,
  OPTIONS_TYPE: MEDIA_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MEDIA_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<MediaModuleOptions>({ optionsInjectionToken: MEDIA_MODULE_OPTIONS })
  .setClassMethodName('forRoot')
  // The API registers it once, globally: every module that stores uploads injects MEDIA_STORAGE.
  .setExtras({ isGlobal: false }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
  .build();

export function createMediaStorage(options: MediaModuleOptions): MediaStorage {
  if (options.s3) return new S3MediaStorage(options.s3);
  if (!options.localDir) throw new Error('MediaModule: set S3_ENDPOINT or give a local media directory');
  return new DiskMediaStorage(options.localDir);
}
