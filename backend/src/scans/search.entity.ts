import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import type { Network, SearchType } from '@nexus/contract';
import { BaseEntity } from '../platform/database/index.js';

/** Every search a visitor makes; trending is counted from these. */
@Entity({ tableName: 'search' })
@Index({ properties: ['term'] })
export class SearchEntity extends BaseEntity {
  /** Lower-case address (or ENS name) searched. */
  @Property({ type: 'string', length: 255 })
  term!: string;

  @Property({ type: 'string', length: 32 })
  network!: Network;

  @Property({ type: 'string', length: 16 })
  searchType!: SearchType;

  @Property({ type: 'boolean' })
  fromCache = false;
}
