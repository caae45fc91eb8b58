import { OptionalProps } from '@mikro-orm/core';
import { PrimaryKey } from '@mikro-orm/decorators/legacy';
import { Column } from './columns.js';

/** Identity and timestamps shared by every table. */
export abstract class BaseEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Column.Timestamp({ onCreate: () => new Date() })
  createdAt: Date = new Date();

  @Column.Timestamp({ onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
