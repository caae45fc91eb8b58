export { DiscoveryModule } from './discovery.module.js';
export { DiscoveryRepository } from './discovery.repository.js';
