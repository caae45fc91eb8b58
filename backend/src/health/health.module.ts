import { Module } from '@nestjs/common';
import { ScanStateModule } from '../scans/index.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({
  imports: [ScanStateModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
