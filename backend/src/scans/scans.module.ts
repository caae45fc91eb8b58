import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AddressesModule } from '../addresses/index.js';
import { CollectionPageRepository, CollectionPagesModule, CollectionsModule } from '../collections/index.js';
import { ScanEventsGateway } from '../platform/realtime/index.js';
import { ScanStateModule } from './scan-state.module.js';
import { ScanWaiter } from './scan-waiter.service.js';
import { ScansController } from './scans.controller.js';
import { ScansService } from './scans.service.js';
import { REDIS_CACHE, RedisConnections } from '../platform/redis/index.js';
import { RateLimitModule } from '../platform/security/index.js';
import { QueuedScansRepository } from './queued-scans.repository.js';
import { ScanAdmission } from './scan-admission.service.js';
import { postgresWithRedisSpool, SearchRepository } from './search.repository.js';

/** The API side of scans: POST /api/nfts and the socket gateway. */
@Module({
  imports: [ScanStateModule, CollectionsModule, CollectionPagesModule, AddressesModule, RateLimitModule],
  controllers: [ScansController],
  providers: [
    ScansService,
    // The first page of a collection too large to answer whole (one indexed read).
    CollectionPageRepository,
    ScanWaiter,
    ScanAdmission,
    QueuedScansRepository,
    {
      provide: SearchRepository,
      inject: [EntityManager, REDIS_CACHE, RedisConnections],
      useFactory: (em: EntityManager, redis: Redis, connections: RedisConnections) =>
        new SearchRepository(postgresWithRedisSpool(em, redis, connections.key('searches', 'spool'))),
    },
    ScanEventsGateway,
  ],
  exports: [ScanEventsGateway, ScanAdmission],
})
export class ScansModule {}
