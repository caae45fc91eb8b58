import { Module } from '@nestjs/common';
import { RateLimitModule } from '../platform/security/index.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminGuard, AdminGuardInProduction } from './admin.guard.js';
import { AdminSessionRepository } from './admin-session.repository.js';
import { AdminSessionService } from './admin-session.service.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';

/** Admin sessions (login, verify, logout) and the guards every module with admin routes imports. */
@Module({
  imports: [RateLimitModule],
  controllers: [AdminAuthController],
  providers: [
    AdminGuard,
    AdminGuardInProduction,
    AdminSessionService,
    AdminSessionRepository,
    LoginAttemptsRepository,
  ],
  exports: [AdminGuard, AdminGuardInProduction, AdminSessionService],
})
export class AdminAccessModule {}
