import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { PromoAssetType } from '@nexus/contract';

import { BaseEntity } from '../platform/database/index.js';

/** A promotional video or image shown while a scan runs (SPEC §3 promo asset). */
@Entity({ tableName: 'promo_asset' })
@Index({ name: 'promo_asset_created_at_index', properties: ['createdAt'] })
export class PromoAssetEntity extends BaseEntity {
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text' })
  title: string & Opt = '';

  @Property({ type: 'text' })
  description: string & Opt = '';

  /** 'Learn More' link; empty when none. */
  @Property({ type: 'text' })
  promotionalUrl: string & Opt = '';

  /** Media storage key of the file (`uploads/<uuid>.<ext>`). */
  @Property({ type: 'text' })
  @Unique({ name: 'promo_asset_file_key_unique' })
  fileKey!: string;

  @Property({ type: 'string', length: 8 })
  type!: PromoAssetType;

  /** Judged from the file's bytes. */
  @Property({ type: 'string', length: 64 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'boolean' })
  isActive: boolean & Opt = true;
}
