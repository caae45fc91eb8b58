import { Module } from '@nestjs/common';
import { AdminAccessModule } from '../admin-access/index.js';
import { ScansModule } from '../scans/index.js';
import { ApiKeyRefusalsRepository } from '../security/api-key-refusals.repository.js';
import { RateLimitModule } from '../security/rate-limit.module.js';
import { SecurityController } from './security.controller.js';
import { SecurityStatusService } from './security-status.service.js';

/** The admin security dashboard and the clearing of suspicious addresses. */
@Module({
  imports: [AdminAccessModule, RateLimitModule, ScansModule],
  controllers: [SecurityController],
  providers: [SecurityStatusService, ApiKeyRefusalsRepository],
})
export class SecurityModule {}
