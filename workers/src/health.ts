// The worker's health probe (Docker HEALTHCHECK): exit 0 when the heartbeat is fresh and Redis answered.
import { heartbeatProblem } from '@nexus/backend/jobs';

const file = process.env.WORKER_HEARTBEAT_FILE || '/tmp/nexus-worker-heartbeat.json';
const problem = await heartbeatProblem(file);
if (problem) {
  console.error(`unhealthy: ${problem}`);
  process.exit(1);
}
console.log('healthy');
