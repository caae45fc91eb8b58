import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ButtonColor, ButtonPosition } from '@nexus/contract';
import { Column } from '../platform/database/index.js';

/** The key of the promo bar's single row. */
export const PROMO_BAR_ROW = 1;

/** The one row of the home page's promo bar (SPEC §3 promo bar settings); absent until first saved. */
@Entity({ tableName: 'promo_bar_settings' })
export class PromoBarSettingsEntity {
  /** Always 1: the table holds a single row. */
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id: number & Opt = PROMO_BAR_ROW;

  @Column.Boolean()
  isActive!: boolean;

  @Column.String(60)
  buttonText!: string;

  @Column.Text()
  buttonLink!: string;

  @Column.String(8)
  buttonPosition!: ButtonPosition;

  @Column.String(8)
  buttonColor!: ButtonColor;

  /** Media storage key of the background video; null when none was uploaded. */
  @Column.Text({ nullable: true })
  videoKey: (string & Opt) | null = null;

  @Property({ type: 'smallint' })
  videoOpacity!: number;

  @Column.Timestamp({ onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
