import { startWorker } from '@nexus/backend/jobs';

startWorker().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
