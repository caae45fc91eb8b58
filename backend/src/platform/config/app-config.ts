import { resolve } from 'node:path';
import type { LogSettings } from '../logging/index.js';
import { parseAdminSettings, type AdminSettings } from './admin-config.js';
import { parseChainSettings, type ChainSettings } from './chain-config.js';
import { parseClientLimitSettings, type ClientLimitSettings } from './client-limits-config.js';
import { readDevchainManifest } from './devchain-manifest.js';
import { parseDonationAddresses, type DonationAddresses } from './donations-config.js';
import { loadEnvFiles } from './env-files.js';
import { EnvReader } from './env-reader.js';
import { parseLogSettings } from './log-config.js';
import { parseMediaSettings, type MediaSettings } from './media-config.js';
import { parseMetadataSettings, type MetadataSettings } from './metadata-config.js';
import { parseServerSettings, type ServerSettings } from './server-config.js';
import { parseStoreSettings, type StoreSettings } from './store-config.js';
import { parseWorkerSettings, type WorkerSettings } from './worker-config.js';

export type { ChainConfig, TransferIndexSettings } from './chain-config.js';
export type { DonationAddresses } from './donations-config.js';
export type { S3Config } from './media-config.js';

/**
 * Every setting of the API and the workers, validated once at start (STYLE habit 3); each section
 * is read by its own parser (`*-config.ts`). The class of the same name is its injection token: a
 * constructor parameter typed `AppConfig` receives it without a decorator.
 */
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging -- the class is a token only */
export interface AppConfig
  extends
    ServerSettings,
    StoreSettings,
    MediaSettings,
    AdminSettings,
    ClientLimitSettings,
    ChainSettings,
    MetadataSettings,
    WorkerSettings {
  production: boolean;
  devchainManifest: string;
  donations: DonationAddresses;
  /** LOG_LEVEL and LOG_FORMAT: JSON lines in production, readable lines in development. */
  log: LogSettings;
}

/** The injection token of the configuration, never instantiated: ConfigModule provides the object. */
export abstract class AppConfig {}
/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Repository root, found from the working directory (npm scripts run there) or this file's place. */
export function repoRoot(): string {
  return process.env.NEXUS_ROOT ?? process.cwd();
}

/** The configuration of `env`, section by section; every problem of every section is listed at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const reader = new EnvReader(env);
  const root = repoRoot();
  const production = env.NODE_ENV === 'production';
  const devchainManifest = resolve(root, env.DEVCHAIN_MANIFEST || '.nexus/devchain.json');
  const manifest = readDevchainManifest(devchainManifest);

  const chain = parseChainSettings(reader, manifest, devchainManifest);
  const config: AppConfig = {
    ...parseServerSettings(reader, root),
    ...parseStoreSettings(reader),
    ...parseMediaSettings(reader, root),
    ...parseAdminSettings(reader, production),
    ...parseClientLimitSettings(reader),
    ...chain,
    ...parseMetadataSettings(reader, manifest, chain.chains.ethereum?.devchain ?? false),
    ...parseWorkerSettings(reader, root),
    production,
    devchainManifest,
    donations: parseDonationAddresses(reader, production),
    log: parseLogSettings(reader, production),
  };
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return config;
}

/** For entry points: `.env` files loaded, then the configuration, or every problem printed and the process ended. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  loadEnvFiles(repoRoot(), env);
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
