import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { createApiApp } from '../../bootstrap.js';
import { METADATA_RESOLVER, NFT_SOURCE, type MetadataResolver, type NftSource } from '../../chain/index.js';
import type { AppConfig } from '../../platform/config/index.js';
import { WorkerModule } from '../worker.module.js';

/** The API and a worker in this process, on the real test database and Redis, with a fake chain. */
export async function startApiAndWorker(
  config: AppConfig,
  source: NftSource,
  resolver: MetadataResolver,
): Promise<{ api: NestExpressApplication; worker: INestApplicationContext; url: string }> {
  const api = await createApiApp(config, { logger: false });
  await api.listen(0, '127.0.0.1');
  const url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] })
    .overrideProvider(NFT_SOURCE)
    .useValue(source)
    .overrideProvider(METADATA_RESOLVER)
    .useValue(resolver)
    .compile();
  moduleRef.useLogger(false);
  const worker = await moduleRef.init();
  return { api, worker, url };
}
