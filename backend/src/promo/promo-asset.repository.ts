import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { PromoAssetEntity } from './promo-asset.entity.js';

export interface NewPromoAsset {
  name: string;
  title: string;
  description: string;
  promotionalUrl: string;
  fileKey: string;
  type: PromoAssetEntity['type'];
  contentType: string;
  size: number;
}

/** Newest first (SPEC §7: the web app plays the first active asset). */
const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

/** PostgreSQL access for promo assets. */
@Injectable()
export class PromoAssetRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: NewPromoAsset): Promise<PromoAssetEntity> {
    const em = this.em.fork();
    const entity = em.create(PromoAssetEntity, input);
    await em.flush();
    return entity;
  }

  async findAll(): Promise<PromoAssetEntity[]> {
    return this.em.fork().find(PromoAssetEntity, {}, { orderBy: NEWEST_FIRST });
  }

  async findActive(): Promise<PromoAssetEntity[]> {
    return this.em.fork().find(PromoAssetEntity, { isActive: true }, { orderBy: NEWEST_FIRST });
  }

  /** Null when there is no such row. */
  async setActive(id: string, isActive: boolean): Promise<PromoAssetEntity | null> {
    const em = this.em.fork();
    const entity = await em.findOne(PromoAssetEntity, { id });
    if (!entity) return null;
    entity.isActive = isActive;
    await em.flush();
    return entity;
  }

  /** The deleted row (its file is the caller's to remove); null when there was none. */
  async delete(id: string): Promise<PromoAssetEntity | null> {
    const em = this.em.fork();
    const entity = await em.findOne(PromoAssetEntity, { id });
    if (!entity) return null;
    em.remove(entity);
    await em.flush();
    return entity;
  }
}
