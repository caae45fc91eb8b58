import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type AppConfig } from '../../backend/src/platform/config/app-config.js';

/**
 * Where the test file keeps its state: its slot's database, dev chain ports and state folder (each jest
 * worker has its own slot, see test/slots.mjs), and a Redis key prefix per file.
 */
const SLOT = Number(process.env.NEXUS_TEST_SLOT ?? 0);
export const TEST_ROOT = resolve(process.cwd());
export const TEST_STATE_DIR = resolve(TEST_ROOT, '.nexus', SLOT ? `test-${SLOT}` : 'test');
export const TEST_MANIFEST = resolve(TEST_STATE_DIR, 'devchain.json');
export const TEST_DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/nexus_test${SLOT ? `_${SLOT}` : ''}`;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
/** Offset for ports the tests listen on themselves (API processes). */
export const TEST_PORT_OFFSET = SLOT * 100;

export function hasTestChain(): boolean {
  return existsSync(TEST_MANIFEST);
}

/** The admin password of every API a test starts. */
export const TEST_ADMIN_PASSWORD = 'nexus-test-admin-secret';

/** A unique Redis prefix per test file, so files never see each other's keys or queues. */
export function testPrefix(name: string): string {
  return `nexus-test:${name}:${randomBytes(3).toString('hex')}`;
}

/** Environment of a process under test (API or worker started by a test). */
export function testEnv(prefix: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    DEVCHAIN_MANIFEST: TEST_MANIFEST,
    NEXUS_ROOT: TEST_ROOT,
    MEDIA_DIR: resolve(TEST_STATE_DIR, 'media'),
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ...extra,
  };
  if (!hasTestChain()) {
    // Tests that need no chain still get a complete configuration.
    env.ETHEREUM_RPC_URL ??= 'http://127.0.0.1:9/';
    env.POLYGON_RPC_URL ??= 'http://127.0.0.1:9/';
    env.CRONOS_RPC_URL ??= 'http://127.0.0.1:9/';
  }
  return env;
}

export function testConfig(prefix: string, extra: Record<string, string> = {}): AppConfig {
  return loadConfig({ ...process.env, ...testEnv(prefix, extra) });
}
