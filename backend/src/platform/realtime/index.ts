export { RealtimeModule } from './realtime.module.js';
export { ScanProgressRepository, type ScanOutcome } from './scan-progress.repository.js';
export { ScanEventsGateway } from './scan-events.gateway.js';
export { RedisIoAdapter } from './redis-io.adapter.js';
export { ActivityEventsRepository } from './activity-events.repository.js';
export { joinOpen, leaveKeyRoom, type ClientSocket } from './rooms.js';
