/** SPEC §3 promo asset. */
export type PromoAssetType = 'video' | 'image';

export interface PromoAsset {
  id: string;
  name: string;
  title: string;
  description: string;
  /** 'Learn More' link; empty when none. */
  promotionalUrl: string;
  /** Where the file is served (our media route). */
  url: string;
  type: PromoAssetType;
  isActive: boolean;
  /** Content type judged from the file's bytes. */
  contentType: string;
  size: number;
  createdAt: string;
}

/** PUT /api/promo-assets/{id} body. */
export interface PromoAssetToggle {
  isActive: boolean;
}

/** SPEC §5 promo asset upload: rules and messages shared by the form and the server. */
export const PROMO_UPLOAD = {
  maxBytes: 100 * 1024 * 1024,
  imageExtensions: ['JPG', 'PNG', 'GIF', 'WEBP'],
  videoExtensions: ['MP4', 'WEBM', 'MOV', 'AVI'],
  /** `accept` attribute of the file picker. */
  accept: 'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime,video/x-msvideo',
  nameMax: 200,
  textMax: 2000,
} as const;

/**
 * SPEC §5 Learn More URL, as given (the form trims it first, the server after its length check):
 * empty for none, else an absolute http(s) URL with a host.
 */
export function isLearnMoreUrl(text: string): boolean {
  if (text === '') return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const PROMO_MESSAGES = {
  noFile: { title: 'No file selected', description: 'Please select a file to upload' },
  invalidType: { title: 'Invalid file type', description: 'Please select an image or video file' },
  tooLarge: { title: 'File too large', description: 'File size must be less than 100MB' },
  nameRequired: { title: 'Name required', description: 'Please enter a name for the asset' },
  emptyFile: 'File is no longer valid. Please select the file again.',
  invalidUrl: 'Learn More URL must be a valid http(s) URL',
  notFound: 'Promo asset not found',
} as const;

/** SPEC §2 Overview: the promo player's fixed settings. */
export const PROMO_PLAYER = {
  /** Collection scans show the promo after this delay (SPEC §9: 5000 ms). */
  showDelayMs: 5000,
  /** Skip appears after this (SPEC §9 skip timer). */
  skipTimerMs: 3000,
  /** Wallet scans count down this long before 'Skip & Show Results'. */
  walletCountdownMs: 10_000,
  autoplay: true,
  loop: true,
} as const;

/** SPEC §3 promo bar settings. */
export const BUTTON_POSITIONS = ['left', 'center', 'right'] as const;
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];
export const BUTTON_COLORS = ['cyan', 'purple', 'blue', 'green'] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];

export interface PromoBarSettings {
  isActive: boolean;
  buttonText: string;
  buttonLink: string;
  buttonPosition: ButtonPosition;
  buttonColor: ButtonColor;
  /** Empty when no video was uploaded. */
  videoUrl: string;
  /** Percent, 10 to 100 in steps of 5 (SPEC §9). */
  videoOpacity: number;
}

export const PROMO_OPACITY = { min: 10, max: 100, step: 5 } as const;
export const PROMO_BAR_TEXT_MAX = { buttonText: 60, buttonLink: 2048 } as const;

export const DEFAULT_PROMO_BAR_SETTINGS: PromoBarSettings = {
  isActive: false,
  buttonText: '',
  buttonLink: '',
  buttonPosition: 'right',
  buttonColor: 'cyan',
  videoUrl: '',
  videoOpacity: 50,
};

/**
 * PUT /api/admin/promo-bar-settings `settings` part: the merged settings (videoUrl is ignored: the
 * server owns it). `removeVideo: true` removes the background video (a video uploaded with the same
 * request replaces it instead).
 */
export type PromoBarSettingsInput = Partial<PromoBarSettings> & { removeVideo?: boolean };

export const PROMO_BAR_MESSAGES = {
  invalidVideo: { title: 'Invalid file', description: 'Please select a video file (MP4, WEBM, etc.)' },
  opacity: `videoOpacity must be a whole number from ${PROMO_OPACITY.min} to ${PROMO_OPACITY.max} in steps of ${PROMO_OPACITY.step}`,
  settingsJson: 'settings must be a JSON object',
} as const;

/** True for an opacity the slider can produce. */
export function isPromoOpacity(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= PROMO_OPACITY.min &&
    (value as number) <= PROMO_OPACITY.max &&
    (value as number) % PROMO_OPACITY.step === 0
  );
}
