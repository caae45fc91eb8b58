export { AdminAccessModule } from './admin-access.module.js';
export { AdminGuard, AdminOnly } from './admin.guard.js';
export { LOGIN_THROTTLE } from './admin-session.service.js';
