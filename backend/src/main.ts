import { loadConfigOrExit } from './platform/config/index.js';
import { migrate } from './platform/database/index.js';
import { createApiApp } from './bootstrap.js';
import { exitIfStuck } from './platform/common/index.js';
import { ENTITIES } from './entities.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const applied = await migrate(config.databaseUrl, ENTITIES);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  console.log(`Nexus API listening on http://${config.host}:${config.port}`);
  // SIGTERM: new connections are refused, requests in flight finish (waiting scans answer 202), then
  // the connections close; past the grace period plus a margin for the hooks, the process exits.
  exitIfStuck(config.shutdownGraceMs + 5000, 'Nexus API');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
