import { PROMO_BAR_MESSAGES, PROMO_MESSAGES, PROMO_UPLOAD } from '@nexus/contract';

import { UPLOAD_IMAGE_TYPES, UPLOAD_VIDEO_TYPES, type UploadPolicy } from '../uploads/index.js';

/** POST /api/promo-assets/upload (SPEC §5 promo asset upload). */
export const PROMO_ASSET_UPLOAD: UploadPolicy = {
  fileFields: ['file'],
  textFields: ['name', 'title', 'description', 'promotionalUrl'],
  types: [...UPLOAD_IMAGE_TYPES, ...UPLOAD_VIDEO_TYPES],
  maxBytes: PROMO_UPLOAD.maxBytes,
  messages: {
    noFile: PROMO_MESSAGES.noFile.description,
    invalidType: PROMO_MESSAGES.invalidType.description,
    tooLarge: PROMO_MESSAGES.tooLarge.description,
    empty: PROMO_MESSAGES.emptyFile,
  },
};

/** PUT /api/admin/promo-bar-settings: the optional background video (SPEC §5 promo bar video). */
export const PROMO_BAR_VIDEO_UPLOAD: UploadPolicy = {
  fileFields: ['video'],
  textFields: ['settings'],
  types: UPLOAD_VIDEO_TYPES,
  // The SPEC gives the promo bar video no size of its own: the promo media limit.
  maxBytes: PROMO_UPLOAD.maxBytes,
  messages: {
    noFile: PROMO_BAR_MESSAGES.invalidVideo.description,
    invalidType: PROMO_BAR_MESSAGES.invalidVideo.description,
    tooLarge: PROMO_MESSAGES.tooLarge.description,
    empty: PROMO_MESSAGES.emptyFile,
  },
};
