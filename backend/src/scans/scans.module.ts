import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { CollectionPagesModule, CollectionsModule } from '../collections/index.js';
import { ScanEventsGateway } from '../realtime/index.js';
import { ScanStateModule } from './scan-state.module.js';
import { ScanWaiter } from './scan-waiter.service.js';
import { ScansController } from './scans.controller.js';
import { ScansService } from './scans.service.js';
import { SearchRepository } from './search.repository.js';

/** The API side of scans: POST /api/nfts and the socket gateway. */
@Module({
  imports: [ScanStateModule, CollectionsModule, CollectionPagesModule, AddressesModule],
  controllers: [ScansController],
  providers: [ScansService, ScanWaiter, SearchRepository, ScanEventsGateway],
  exports: [ScanEventsGateway],
})
export class ScansModule {}
