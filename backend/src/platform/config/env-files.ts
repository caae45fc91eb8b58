import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Files of settings, in order of precedence: the user's `.env`, then the secrets `npm start`
 * generates (the admin password). The real environment wins over both.
 */
export const ENV_FILES = ['.env', '.nexus/secrets.env'] as const;

/** Loads the env files under `root` that exist; answers which. Tests set everything themselves. */
export function loadEnvFiles(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV === 'test') return [];
  const loaded: string[] = [];
  for (const file of ENV_FILES) {
    const path = resolve(root, file);
    if (!existsSync(path)) continue;
    // process.loadEnvFile never overwrites a variable that is already set.
    process.loadEnvFile(path);
    loaded.push(file);
  }
  return loaded;
}
