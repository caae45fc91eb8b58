import { ADMIN_IMAGE_MAX_BYTES, PROMO_MESSAGES, SUBMISSION_IMAGE } from '@nexus/contract';

import { UPLOAD_IMAGE_TYPES } from './upload-type.rules.js';

/** The messages a route answers for each way a file can be refused (SPEC §5 wording). */
export interface UploadMessages {
  /** No file in a field the route needs. */
  noFile: string;
  /** Not an accepted kind by its bytes, or named as something it is not. */
  invalidType: string;
  tooLarge: string;
  /** A file of 0 bytes. */
  empty: string;
}

/** What one upload route accepts. */
export interface UploadPolicy {
  /** Multipart file fields, each taking at most one file. */
  fileFields: readonly string[];
  /** Multipart text fields the route's DTO validates; any other is refused. */
  textFields: readonly string[];
  /** Content types accepted, as sniffed from the bytes. */
  types: readonly string[];
  /** Largest file, in bytes (each file). */
  maxBytes: number;
  messages: UploadMessages;
  /**
   * A public route: each client address may keep only so many bytes of uploads that no record uses
   * yet (UploadBudget, UPLOAD_BUDGET_MB).
   */
  budgetPerClient?: boolean;
}

const megabytes = (bytes: number): number => Math.floor(bytes / 1024 / 1024);

/** SPEC §5 image wording, shared by the admin logo/banner upload and the submission form. */
export const IMAGE_UPLOAD_MESSAGES: UploadMessages = {
  noFile: PROMO_MESSAGES.noFile.description,
  invalidType: SUBMISSION_IMAGE.invalidType.description,
  tooLarge: SUBMISSION_IMAGE.tooLarge.description,
  empty: SUBMISSION_IMAGE.invalidType.description,
};

/** POST /api/upload: an admin's collection logo or banner. */
export const ADMIN_IMAGE_UPLOAD: UploadPolicy = {
  fileFields: ['file'],
  textFields: [],
  types: UPLOAD_IMAGE_TYPES,
  maxBytes: ADMIN_IMAGE_MAX_BYTES,
  messages: {
    ...IMAGE_UPLOAD_MESSAGES,
    tooLarge: `Please select an image smaller than ${megabytes(ADMIN_IMAGE_MAX_BYTES)}MB`,
  },
};

/** POST /api/collection-submissions/upload: a visitor's banner and logo (SPEC §5, 10 MB each). */
export const SUBMISSION_IMAGE_UPLOAD: UploadPolicy = {
  fileFields: ['banner', 'logo'],
  textFields: [],
  types: UPLOAD_IMAGE_TYPES,
  maxBytes: SUBMISSION_IMAGE.maxBytes,
  messages: IMAGE_UPLOAD_MESSAGES,
  budgetPerClient: true,
};
