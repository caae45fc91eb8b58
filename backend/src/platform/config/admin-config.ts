import { adminPasswordProblem } from './admin-password.js';
import type { EnvReader } from './env-reader.js';
import type { RateLimitRule } from './rate-limit-rules.js';

/** The admin login and its sessions. */
export interface AdminSettings {
  /** Shared admin password; null: admin login is refused (never in production, where it is required). */
  adminPassword: string | null;
  /** How long an admin session lasts without use. */
  adminSessionTtlMs: number;
  /** How long an admin session lasts at most, however often it is used (ADMIN_SESSION_LIFETIME_MINUTES). */
  adminSessionLifetimeMs: number;
  /** Failed admin logins of all addresses together per window; then every login waits (ADMIN_LOGIN_FAILURE_BUDGET). */
  adminLoginFailureBudget: RateLimitRule;
}

/** ADMIN_PASSWORD: required in production, and never a weak one. */
function parseAdminPassword(reader: EnvReader, production: boolean): string | null {
  const adminPassword = reader.env.ADMIN_PASSWORD || null;
  if (adminPassword === null && production) {
    reader.problem('ADMIN_PASSWORD is required in production (a long random secret)');
  } else if (adminPassword !== null) {
    const problem = adminPasswordProblem(adminPassword, production);
    if (problem !== null) reader.problem(problem);
  }
  return adminPassword;
}

export function parseAdminSettings(reader: EnvReader, production: boolean): AdminSettings {
  const adminPassword = parseAdminPassword(reader, production);
  const failures = reader.countPerSeconds(
    'ADMIN_LOGIN_FAILURE_BUDGET',
    { count: 50, seconds: 900 },
    { maxCount: 1_000_000, maxSeconds: 24 * 3600 },
  );
  return {
    adminPassword,
    adminSessionTtlMs: reader.int('ADMIN_SESSION_TTL_MINUTES', 12 * 60, 5, 30 * 24 * 60) * 60_000,
    adminSessionLifetimeMs: reader.int('ADMIN_SESSION_LIFETIME_MINUTES', 24 * 60, 5, 90 * 24 * 60) * 60_000,
    adminLoginFailureBudget: { points: failures.count, durationS: failures.seconds },
  };
}
