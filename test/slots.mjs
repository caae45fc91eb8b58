// Test slots: each slot has its own database, dev chains, ports and state folder, so several suites,
// and the workers of one suite, run side by side. NEXUS_TEST_SLOT is the suite's first slot; jest
// worker N (JEST_WORKER_ID, from 1) runs on slot NEXUS_TEST_SLOT + (N - 1) * SLOT_STRIDE.
import { resolve } from 'node:path';

/** Slots 0-9 are left to suites started side by side by hand (NEXUS_TEST_SLOT=1, 2, …). */
export const SLOT_STRIDE = 10;

/** The first slot of this suite. */
export function baseSlot(env = process.env) {
  return Number(env.NEXUS_TEST_BASE_SLOT ?? env.NEXUS_TEST_SLOT ?? 0);
}

/** The slots of a suite run by `workers` jest workers. */
export function suiteSlots(workers, env = process.env) {
  return Array.from({ length: Math.max(1, workers) }, (_, index) => baseSlot(env) + index * SLOT_STRIDE);
}

/** The slot of jest worker `workerId` (1-based). */
export function workerSlot(workerId, env = process.env) {
  return baseSlot(env) + (Math.max(1, workerId) - 1) * SLOT_STRIDE;
}

/** What a slot owns: its state folder, database and dev chain ports. */
export function slotResources(slot, root = process.cwd()) {
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/nexus_test${slot ? `_${slot}` : ''}`;
  const base = 18545 + slot * 100;
  return {
    stateDir: resolve(root, '.nexus', slot ? `test-${slot}` : 'test'),
    databaseUrl,
    ports: { ethereum: base, polygon: base + 1, cronos: base + 2, gateway: base + 35 },
  };
}

/** The contracts the global setup compiles once for every slot's dev chains. */
export function testArtifactsDir(root = process.cwd()) {
  return resolve(root, '.nexus', 'test-artifacts');
}
