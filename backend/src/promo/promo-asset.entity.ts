import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Unique } from '@mikro-orm/decorators/legacy';
import type { PromoAssetType } from '@nexus/contract';

import { BaseEntity, Column } from '../platform/database/index.js';

/** A promotional video or image shown while a scan runs (SPEC §3 promo asset). */
@Entity({ tableName: 'promo_asset' })
@Index({ name: 'promo_asset_created_at_index', properties: ['createdAt'] })
export class PromoAssetEntity extends BaseEntity {
  @Column.Name() name!: string;
  @Column.Text() title: string & Opt = '';
  @Column.Text() description: string & Opt = '';

  /** 'Learn More' link; empty when none. */
  @Column.Text() promotionalUrl: string & Opt = '';

  /** Media storage key of the file (`uploads/<uuid>.<ext>`). */
  @Column.Text()
  @Unique({ name: 'promo_asset_file_key_unique' })
  fileKey!: string;

  @Column.String(8) type!: PromoAssetType;

  /** Judged from the file's bytes. */
  @Column.String(64) contentType!: string;
  @Column.Integer() size!: number;
  @Column.Boolean() isActive: boolean & Opt = true;
}
