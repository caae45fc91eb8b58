import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { REDIS_CACHE, RedisConnections } from '../platform/redis/index.js';
import { IMAGE_CACHE_INDEX, MemoryImageCacheIndex, RedisImageCacheIndex } from './image-cache.index.js';
import { ImageProxyService } from './image-proxy.service.js';
import { MediaUploadService } from './media-upload.service.js';
import { MediaController } from './media.controller.js';
import {
  ConfigurableMediaModule,
  createMediaStorage,
  MEDIA_MODULE_OPTIONS,
  type MediaModuleOptions,
} from './media.options.js';
import { MEDIA_STORAGE } from './media.storage.js';

/**
 * Media storage (S3/MinIO or local disk), the NFT image proxy and checked uploads.
 * `MediaModule.forRoot(options)` / `forRootAsync({ useFactory, inject })`.
 */
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [MEDIA_MODULE_OPTIONS],
      useFactory: (options: MediaModuleOptions) => createMediaStorage(options),
    },
    {
      // Shared by every API process through Redis; a media module run without Redis counts alone.
      provide: IMAGE_CACHE_INDEX,
      inject: [
        { token: RedisConnections, optional: true },
        { token: REDIS_CACHE, optional: true },
      ],
      useFactory: (connections?: RedisConnections, redis?: Redis) =>
        connections && redis
          ? new RedisImageCacheIndex(redis, (...parts) => connections.key(...parts))
          : new MemoryImageCacheIndex(),
    },
    ImageProxyService,
    MediaUploadService,
  ],
  exports: [MEDIA_STORAGE, ImageProxyService, MediaUploadService],
})
export class MediaModule extends ConfigurableMediaModule {}
