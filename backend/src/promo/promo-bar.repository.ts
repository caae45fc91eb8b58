import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DEFAULT_PROMO_BAR_SETTINGS } from '@nexus/contract';

import { PROMO_BAR_ROW, PromoBarSettingsEntity } from './promo-bar-settings.entity.js';

/** The settings a save may change (the video by its storage key). */
export type PromoBarPatch = Partial<
  Pick<
    PromoBarSettingsEntity,
    'isActive' | 'buttonText' | 'buttonLink' | 'buttonPosition' | 'buttonColor' | 'videoOpacity' | 'videoKey'
  >
>;

/** Any number: taken by each save so that two saves (the first one included) run one after the other. */
const SAVE_LOCK = 0x70726f6d; // "prom"

/** PostgreSQL access for the promo bar's single row. */
@Injectable()
export class PromoBarRepository {
  constructor(private readonly em: EntityManager) {}

  /** Null until the settings were first saved. */
  async find(): Promise<PromoBarSettingsEntity | null> {
    return this.em.fork().findOne(PromoBarSettingsEntity, { id: PROMO_BAR_ROW });
  }

  /**
   * Applies the patch over the saved settings (or the defaults) in one transaction; answers the
   * saved row and the video key it replaced, for the caller to remove once this has committed.
   */
  async save(
    patch: PromoBarPatch,
  ): Promise<{ saved: PromoBarSettingsEntity; replacedVideoKey: string | null }> {
    return this.em.fork().transactional(async (em) => {
      // em.execute runs in this transaction (em.getConnection().execute would not: the lock would end at once).
      await em.execute('select pg_advisory_xact_lock(?)', [SAVE_LOCK]);
      const row =
        (await em.findOne(PromoBarSettingsEntity, { id: PROMO_BAR_ROW })) ??
        em.create(PromoBarSettingsEntity, {
          isActive: DEFAULT_PROMO_BAR_SETTINGS.isActive,
          buttonText: DEFAULT_PROMO_BAR_SETTINGS.buttonText,
          buttonLink: DEFAULT_PROMO_BAR_SETTINGS.buttonLink,
          buttonPosition: DEFAULT_PROMO_BAR_SETTINGS.buttonPosition,
          buttonColor: DEFAULT_PROMO_BAR_SETTINGS.buttonColor,
          videoOpacity: DEFAULT_PROMO_BAR_SETTINGS.videoOpacity,
        });
      const previousVideoKey = row.videoKey;
      em.assign(row, patch);
      await em.flush();
      const replacedVideoKey =
        previousVideoKey !== null && previousVideoKey !== row.videoKey ? previousVideoKey : null;
      return { saved: row, replacedVideoKey };
    });
  }
}
