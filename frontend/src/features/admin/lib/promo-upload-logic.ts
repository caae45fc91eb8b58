import { isLearnMoreUrl as isLearnMoreUrlText, PROMO_MESSAGES, PROMO_UPLOAD } from '@nexus/contract';

export interface Problem {
  title: string;
  description: string;
}

/** SPEC §5: a promo file is an image or a video of at most 100 MB; null when it may be kept. */
export function promoFileProblem(file: Pick<File, 'type' | 'size'>): Problem | null {
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/')) return PROMO_MESSAGES.invalidType;
  if (file.size > PROMO_UPLOAD.maxBytes) return PROMO_MESSAGES.tooLarge;
  return null;
}

/** SPEC §5 Learn More URL: optional, but an http(s) URL when given (blanks around it ignored). */
export function isLearnMoreUrl(text: string): boolean {
  return isLearnMoreUrlText(text.trim());
}

export interface PromoUploadDraft {
  file: Pick<File, 'type' | 'size'> | null;
  name: string;
  promotionalUrl: string;
}

/** The first reason a draft cannot be sent, in SPEC §5 order; null when it can. */
export function promoUploadProblem(draft: PromoUploadDraft): Problem | null {
  if (!draft.file) return PROMO_MESSAGES.noFile;
  // A file that went away (moved, emptied) after it was picked reads as zero bytes.
  if (draft.file.size === 0) return { title: 'Upload failed', description: PROMO_MESSAGES.emptyFile };
  const fileProblem = promoFileProblem(draft.file);
  if (fileProblem) return fileProblem;
  if (draft.name.trim() === '') return PROMO_MESSAGES.nameRequired;
  if (!isLearnMoreUrl(draft.promotionalUrl))
    return { title: 'Invalid URL', description: PROMO_MESSAGES.invalidUrl };
  return null;
}

/** '12.5 MB', '820 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
