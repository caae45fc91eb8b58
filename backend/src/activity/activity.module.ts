import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/index.js';
import { ActivityEventsGateway } from './activity-events.gateway.js';
import { CollectionActivityController, WalletActivityController } from './activity.controller.js';
import { ActivityService } from './activity.service.js';

/**
 * Owners, holders and activity for visitors, read from the transfer index (its store is global),
 * and the socket rooms that follow it live.
 */
@Module({
  imports: [AddressesModule],
  controllers: [CollectionActivityController, WalletActivityController],
  providers: [ActivityService, ActivityEventsGateway],
})
export class ActivityModule {}
