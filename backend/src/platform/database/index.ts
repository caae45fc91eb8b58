export { ormConfig } from './mikro-orm.config.js';
export { executeBound } from './bound-query.js';
export { BaseEntity } from './base.entity.js';
export { CollectionProfileEntity } from './collection-profile.entity.js';
export { isoUtc } from './sql-time.js';
export { DatabaseModule } from './database.module.js';
export { migrate } from './migrate.js';
