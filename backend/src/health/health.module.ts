import { Module } from '@nestjs/common';
import { AdminAccessModule } from '../admin-access/index.js';
import { ScanStateModule } from '../scans/index.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({
  imports: [ScanStateModule, AdminAccessModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
