import { Module } from '@nestjs/common';
import { CollectionActivityController, WalletActivityController } from './activity.controller.js';
import { ActivityService } from './activity.service.js';

/** Owners, holders and activity for visitors, read from the transfer index (its store is global). */
@Module({
  controllers: [CollectionActivityController, WalletActivityController],
  providers: [ActivityService],
})
export class ActivityModule {}
