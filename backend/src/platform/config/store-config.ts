import type { EnvReader } from './env-reader.js';

/** PostgreSQL and Redis. */
export interface StoreSettings {
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and Bull queue of this deployment (tests use their own). */
  redisPrefix: string;
}

export function parseStoreSettings(reader: EnvReader): StoreSettings {
  return {
    databaseUrl: reader.url('DATABASE_URL', 'postgresql://postgres@127.0.0.1:5432/nexus', [
      'postgres:',
      'postgresql:',
    ])!,
    redisUrl: reader.url('REDIS_URL', 'redis://127.0.0.1:6379/0', ['redis:', 'rediss:'])!,
    redisPrefix: reader.env.REDIS_PREFIX || 'nexus',
  };
}
