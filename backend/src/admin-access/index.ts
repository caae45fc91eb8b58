export { AdminAccessModule } from './admin-access.module.js';
export {
  AdminGuard,
  AdminGuardInProduction,
  AdminOnly,
  AdminOnlyInProduction,
  adminSessionMiddleware,
} from './admin.guard.js';
export { AdminSessionService } from './admin-session.service.js';
export { LOGIN_THROTTLE } from './admin-session.service.js';
