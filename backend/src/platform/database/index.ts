export { ormConfig } from './mikro-orm.config.js';
export { executeBound } from './bound-query.js';
export { countRows } from './row-counts.js';
export { BaseEntity } from './base.entity.js';
export { Column } from './columns.js';
export { sqlIndex } from './sql-index.js';
export { CollectionProfileEntity } from './collection-profile.entity.js';
export { isoUtc } from './sql-time.js';
export { DatabaseModule } from './database.module.js';
export { migrate } from './migrate.js';
/** The trait key columns' SQL definition, which their faster PL/pgSQL bodies must equal. */
export {
  SQL_FACET_KEY,
  SQL_PAIR_KEY,
  sqlTraitKeys,
} from './migrations/Migration20261207000000_trait_keys_plpgsql.js';
