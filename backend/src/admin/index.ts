export { AdminModule } from './admin.module.js';
export { SecurityModule } from './security.module.js';
export { apiUsageMiddleware } from './api-usage.middleware.js';
export { ApiUsageRecorder } from './api-usage.recorder.js';
