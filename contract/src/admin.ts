/** POST /api/admin/authenticate body. */
export interface AdminAuthenticateRequest {
  password: string;
}

/** POST /api/admin/authenticate and /api/admin/verify answer (the session itself is an httpOnly cookie). */
export interface AdminSessionResponse {
  authenticated: true;
  /** ISO time the session ends unless renewed. */
  expiresAt: string;
}

/** POST /api/admin/logout answer. */
export interface AdminLogoutResponse {
  success: true;
}

/** POST /api/upload (admin: logo, banner) answer. */
export interface UploadResponse {
  success: true;
  url: string;
}

/** Admin logo and banner uploads: images up to this size. */
export const ADMIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** SPEC §8 admin wording the server owns. */
export const ADMIN_MESSAGES = {
  invalidPassword: 'Invalid password',
  sessionRequired: 'Admin session required',
  notConfigured: 'Admin login is not configured on this server',
  crossOrigin: 'Cross-origin request refused',
} as const;
