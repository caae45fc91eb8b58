import { Migration20261122000000_initial } from './Migration20261122000000_initial.js';
import { Migration20261124000000_whitelist } from './Migration20261124000000_whitelist.js';
import { Migration20261125000000_promo } from './Migration20261125000000_promo.js';
import { Migration20261126000000_community } from './Migration20261126000000_community.js';

/** Every migration in order; listed explicitly so compiled and test runs find the same set. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261124000000_whitelist', class: Migration20261124000000_whitelist },
  { name: 'Migration20261125000000_promo', class: Migration20261125000000_promo },
  { name: 'Migration20261126000000_community', class: Migration20261126000000_community },
];
