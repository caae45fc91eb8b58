// Jest setup file of the projects that use the services: this worker's slot (test/slots.mjs) becomes
// NEXUS_TEST_SLOT before the test file is loaded.
import { workerSlot } from './slots.mjs';

// The suite's first slot is kept aside, so running this again in the same process changes nothing.
process.env.NEXUS_TEST_BASE_SLOT ??= process.env.NEXUS_TEST_SLOT ?? '0';
process.env.NEXUS_TEST_SLOT = String(workerSlot(Number(process.env.JEST_WORKER_ID ?? 1)));
