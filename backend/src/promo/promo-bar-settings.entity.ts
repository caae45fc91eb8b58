import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ButtonColor, ButtonPosition } from '@nexus/contract';

/** The key of the promo bar's single row. */
export const PROMO_BAR_ROW = 1;

/** The one row of the home page's promo bar (SPEC §3 promo bar settings); absent until first saved. */
@Entity({ tableName: 'promo_bar_settings' })
export class PromoBarSettingsEntity {
  /** Always 1: the table holds a single row. */
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id: number & Opt = PROMO_BAR_ROW;

  @Property({ type: 'boolean' })
  isActive!: boolean;

  @Property({ type: 'string', length: 60 })
  buttonText!: string;

  @Property({ type: 'text' })
  buttonLink!: string;

  @Property({ type: 'string', length: 8 })
  buttonPosition!: ButtonPosition;

  @Property({ type: 'string', length: 8 })
  buttonColor!: ButtonColor;

  /** Media storage key of the background video; null when none was uploaded. */
  @Property({ type: 'text', nullable: true })
  videoKey: (string & Opt) | null = null;

  @Property({ type: 'smallint' })
  videoOpacity!: number;

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
