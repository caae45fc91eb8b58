export { ScansModule } from './scans.module.js';
export { ScanStateModule } from './scan-state.module.js';
export {
  ScanCacheRepository,
  SCAN_CACHE_TTL_S,
  type CachedScan,
  type CachedScanMeta,
} from './scan-cache.repository.js';
export { ScanEntity, type ScanStatus } from './scan.entity.js';
export { SearchEntity } from './search.entity.js';
export { ScanAdmission } from './scan-admission.service.js';
