import { Module } from '@nestjs/common';
import { AdminAccessModule } from '../admin-access/index.js';
import { ChainModule } from '../chain/index.js';
import { ScansModule } from '../scans/index.js';
import { ApiKeyRefusalsRepository, RateLimitModule } from '../platform/security/index.js';
import { RpcProvidersController } from './rpc-providers.controller.js';
import { SecurityController } from './security.controller.js';
import { SecurityStatusService } from './security-status.service.js';

/** The admin security dashboard (JSON-RPC nodes included) and the clearing of suspicious addresses. */
@Module({
  imports: [AdminAccessModule, RateLimitModule, ScansModule, ChainModule],
  controllers: [SecurityController, RpcProvidersController],
  providers: [SecurityStatusService, ApiKeyRefusalsRepository],
})
export class SecurityModule {}
