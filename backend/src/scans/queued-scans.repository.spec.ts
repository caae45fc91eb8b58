import { clearPrefix } from '../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { RedisConnections } from '../platform/redis/index.js';
import { QueuedScansRepository } from './queued-scans.repository.js';
import { queuedScansScenarios } from './testing/queued-scans-scenarios.js';

/** The admission ledger's scenarios on Redis: what the in-memory ledger is held to. */
queuedScansScenarios('the admission ledger on Redis', async () => {
  const prefix = testPrefix('admission-ledger');
  const connections = new RedisConnections(testConfig(prefix));
  const redis = connections.open('admission-ledger-spec');
  return {
    ledger: new QueuedScansRepository(redis, connections),
    async close() {
      await connections.onApplicationShutdown();
      await clearPrefix(prefix);
    },
  };
});
