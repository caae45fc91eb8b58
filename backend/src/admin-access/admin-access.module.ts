import { Module } from '@nestjs/common';
import { RateLimitModule } from '../security/rate-limit.module.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminGuard } from './admin.guard.js';
import { AdminSessionRepository } from './admin-session.repository.js';
import { AdminSessionService } from './admin-session.service.js';

/** Admin sessions (login, verify, logout) and the guard every module with admin routes imports. */
@Module({
  imports: [RateLimitModule],
  controllers: [AdminAuthController],
  providers: [AdminGuard, AdminSessionService, AdminSessionRepository],
  exports: [AdminGuard, AdminSessionService],
})
export class AdminAccessModule {}
