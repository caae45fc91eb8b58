import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_PROMO_BAR_SETTINGS, type PromoBarSettings } from '@nexus/contract';

import { MediaUploadService, type StoredUpload, uploadUrl } from '../media/index.js';
import type { PromoBarSettingsDto } from './promo-bar-settings.dto.js';
import type { PromoBarSettingsEntity } from './promo-bar-settings.entity.js';
import { PromoBarRepository, type PromoBarPatch } from './promo-bar.repository.js';

export function toApiPromoBar(e: PromoBarSettingsEntity): PromoBarSettings {
  return {
    isActive: e.isActive,
    buttonText: e.buttonText,
    buttonLink: e.buttonLink,
    buttonPosition: e.buttonPosition,
    buttonColor: e.buttonColor,
    videoUrl: e.videoKey === null ? '' : uploadUrl(e.videoKey),
    videoOpacity: e.videoOpacity,
  };
}

/** The fields a validated `settings` part carries, without the absent ones (videoUrl is never taken). */
function pickSettings(input: PromoBarSettingsDto): PromoBarPatch {
  const patch: PromoBarPatch = {};
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  if (input.buttonText !== undefined) patch.buttonText = input.buttonText;
  if (input.buttonLink !== undefined) patch.buttonLink = input.buttonLink;
  if (input.buttonPosition !== undefined) patch.buttonPosition = input.buttonPosition;
  if (input.buttonColor !== undefined) patch.buttonColor = input.buttonColor;
  if (input.videoOpacity !== undefined) patch.videoOpacity = input.videoOpacity;
  return patch;
}

/** The home page's promo bar: read by every visitor every 30 s, changed by the admin. */
@Injectable()
export class PromoBarService {
  private readonly logger = new Logger(PromoBarService.name);

  constructor(
    private readonly repository: PromoBarRepository,
    private readonly uploads: MediaUploadService,
  ) {}

  /** The saved settings; the contract's defaults until the first save. */
  async get(): Promise<PromoBarSettings> {
    const row = await this.repository.find();
    return row ? toApiPromoBar(row) : { ...DEFAULT_PROMO_BAR_SETTINGS };
  }

  /**
   * Saves the settings and, when one was uploaded, the new video (or, asked to, removes the video:
   * the home bar then shows no video and the admin no current one). The video it replaces is removed
   * only once the new settings are committed; if the save fails, the upload's interceptor removes
   * the new file and the old one stays in use.
   */
  async save(input: PromoBarSettingsDto, video: StoredUpload | undefined): Promise<PromoBarSettings> {
    const patch = pickSettings(input);
    if (video) patch.videoKey = video.key;
    else if (input.removeVideo === true) patch.videoKey = null;
    const { saved, replacedVideoKey } = await this.repository.save(patch);
    if (replacedVideoKey !== null) {
      try {
        await this.uploads.remove(replacedVideoKey);
      } catch (error) {
        // Committed already: the settings stand, the old file is a stray one.
        this.logger.warn(`Replaced promo bar video ${replacedVideoKey} was not removed: ${String(error)}`);
      }
    }
    return toApiPromoBar(saved);
  }
}
