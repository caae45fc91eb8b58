import type { NestExpressApplication } from '@nestjs/platform-express';
import { testConfig, testPrefix } from './test-env.js';
import { createApiApp } from '../../backend/src/bootstrap.js';
import { dropDatabase, freshDatabase } from './fresh-database.js';
import { clearPrefix } from './redis-prefix.js';

/** No node answers here: an API test that needs no chain still gets a complete configuration. */
const NO_CHAIN = 'http://127.0.0.1:9/';

export interface IsolatedApi {
  app: NestExpressApplication;
  databaseUrl: string;
  prefix: string;
  /** Closes the app, removes its Redis keys and drops its database. */
  close(): Promise<void>;
  /** Another API process on the same database and Redis prefix (closed by the caller). */
  sibling(): Promise<NestExpressApplication>;
}

/**
 * The API on a database and Redis prefix of one test file's own (no dev chain, no manifest unless
 * given): tests that assert exact counts cannot see rows other files write.
 */
export async function startIsolatedApi(
  name: string,
  options: { manifest?: string; env?: Record<string, string> } = {},
): Promise<IsolatedApi> {
  const prefix = testPrefix(name);
  const databaseUrl = await freshDatabase(name);
  const start = async () => {
    const app = await createApiApp(
      testConfig(prefix, {
        DATABASE_URL: databaseUrl,
        DEVCHAIN_MANIFEST: options.manifest ?? '/nonexistent/devchain.json',
        ETHEREUM_RPC_URL: NO_CHAIN,
        POLYGON_RPC_URL: NO_CHAIN,
        CRONOS_RPC_URL: NO_CHAIN,
        ...options.env,
      }),
      { logger: false },
    );
    await app.init();
    return app;
  };
  const app = await start();
  return {
    app,
    databaseUrl,
    prefix,
    sibling: start,
    async close() {
      await app.close();
      await clearPrefix(prefix);
      await dropDatabase(databaseUrl);
    },
  };
}
