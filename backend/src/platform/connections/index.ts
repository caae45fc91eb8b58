export { ConnectionCaps } from './connection-caps.js';
export { ConnectionRefusalsRepository, noRefusals } from './connection-refusals.repository.js';
export { ConnectionsModule } from './connections.module.js';
