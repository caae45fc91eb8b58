import { Entity, Index } from '@mikro-orm/decorators/legacy';
import type { Network, SearchType } from '@nexus/contract';
import { BaseEntity, Column } from '../platform/database/index.js';

/** Every search a visitor makes; trending is counted from these. */
@Entity({ tableName: 'search' })
@Index({ properties: ['term'] })
export class SearchEntity extends BaseEntity {
  /** Lower-case address (or ENS name) searched. */
  @Column.String(255)
  term!: string;

  @Column.Network()
  network!: Network;

  @Column.String(16)
  searchType!: SearchType;

  @Column.Boolean()
  fromCache = false;
}
