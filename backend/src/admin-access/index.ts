export { AdminAccessModule } from './admin-access.module.js';
export { AdminGuard } from './admin.guard.js';
