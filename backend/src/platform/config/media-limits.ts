/** Bounds on what visitors can make Nexus keep in media storage (issue 21 §3). */
export interface MediaLimits {
  /** Total bytes of the image proxy's cache; the least recently served images go first (IMAGE_CACHE_MAX_MB). */
  imageCacheMaxBytes: number;
  /**
   * Bytes of uploads no submission uses yet that one client address may have stored at once
   * (UPLOAD_BUDGET_MB): a visitor's banner and logo a few times over.
   */
  uploadBudgetBytes: number;
  /** How long an upload nothing refers to is kept (UPLOAD_UNREFERENCED_MINUTES). */
  unreferencedUploadTtlMs: number;
  /** How often one API process looks for such uploads (UPLOAD_SWEEP_INTERVAL_SECONDS). */
  uploadSweepIntervalMs: number;
}

export const MEGABYTE = 1024 * 1024;

export const DEFAULT_MEDIA_LIMITS: Readonly<MediaLimits> = {
  imageCacheMaxBytes: 1024 * MEGABYTE,
  uploadBudgetBytes: 50 * MEGABYTE,
  unreferencedUploadTtlMs: 60 * 60_000,
  uploadSweepIntervalMs: 5 * 60_000,
};
