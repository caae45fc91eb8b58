import { Module } from '@nestjs/common';
import { DonationsController } from './donations.controller.js';
import { DonationsService } from './donations.service.js';

/** The donations page's addresses (SPEC §2), from configuration. */
@Module({
  controllers: [DonationsController],
  providers: [DonationsService],
})
export class DonationsModule {}
