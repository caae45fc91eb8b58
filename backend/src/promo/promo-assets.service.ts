import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { PROMO_MESSAGES, type PromoAsset } from '@nexus/contract';

import { MediaUploadService, type StoredUpload, uploadUrl } from '../media/index.js';
import type { PromoAssetUploadDto } from './promo-asset.dto.js';
import type { PromoAssetEntity } from './promo-asset.entity.js';
import { PromoAssetRepository } from './promo-asset.repository.js';

export function toApiPromoAsset(e: PromoAssetEntity): PromoAsset {
  return {
    id: e.id,
    name: e.name,
    title: e.title,
    description: e.description,
    promotionalUrl: e.promotionalUrl,
    url: uploadUrl(e.fileKey),
    type: e.type,
    isActive: e.isActive,
    contentType: e.contentType,
    size: e.size,
    createdAt: e.createdAt.toISOString(),
  };
}

/**
 * Promo assets: a stored file plus its row. Reads go straight to PostgreSQL: the tables are tiny
 * and indexed, and an uncached read shows a change on every API process at once.
 */
@Injectable()
export class PromoAssetsService {
  private readonly logger = new Logger(PromoAssetsService.name);

  constructor(
    private readonly repository: PromoAssetRepository,
    private readonly uploads: MediaUploadService,
  ) {}

  /** Records an uploaded file; if the row cannot be written the upload's interceptor removes the file. */
  async create(fields: PromoAssetUploadDto, file: StoredUpload): Promise<PromoAsset> {
    const created = await this.repository.create({
      name: fields.name,
      title: fields.title ?? '',
      description: fields.description ?? '',
      promotionalUrl: fields.promotionalUrl ?? '',
      fileKey: file.key,
      type: file.kind,
      contentType: file.contentType,
      size: file.size,
    });
    return toApiPromoAsset(created);
  }

  async list(): Promise<PromoAsset[]> {
    return (await this.repository.findAll()).map(toApiPromoAsset);
  }

  async listActive(): Promise<PromoAsset[]> {
    return (await this.repository.findActive()).map(toApiPromoAsset);
  }

  async setActive(id: string, isActive: boolean): Promise<PromoAsset> {
    const updated = await this.repository.setActive(id, isActive);
    if (!updated) throw new NotFoundException(PROMO_MESSAGES.notFound);
    return toApiPromoAsset(updated);
  }

  /** The row first, then its file: a failure between them leaves a stray file, never a row without one. */
  async remove(id: string): Promise<{ success: true }> {
    const deleted = await this.repository.delete(id);
    if (!deleted) throw new NotFoundException(PROMO_MESSAGES.notFound);
    try {
      await this.uploads.remove(deleted.fileKey);
    } catch (error) {
      this.logger.warn(`Promo asset ${id} deleted; its file ${deleted.fileKey} was not: ${String(error)}`);
    }
    return { success: true };
  }
}
