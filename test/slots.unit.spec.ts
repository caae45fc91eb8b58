import { slotResources, suiteSlots, workerSlot } from './slots.mjs';

describe('test slots', () => {
  it('gives each worker of a suite its own slot, from the suite’s first', () => {
    expect(suiteSlots(2, {})).toEqual([0, 10]);
    expect(suiteSlots(3, { NEXUS_TEST_SLOT: '4' })).toEqual([4, 14, 24]);
    expect(workerSlot(1, { NEXUS_TEST_SLOT: '4' })).toBe(4);
    expect(workerSlot(2, { NEXUS_TEST_SLOT: '4' })).toBe(14);
  });

  it('keeps the suite’s first slot once a worker has moved NEXUS_TEST_SLOT to its own', () => {
    const env = { NEXUS_TEST_BASE_SLOT: '4', NEXUS_TEST_SLOT: '14' };
    expect(workerSlot(2, env)).toBe(14);
    expect(suiteSlots(2, env)).toEqual([4, 14]);
  });

  it('never lets two slots of a two-worker suite share a database, port or folder', () => {
    const seen = new Set<string>();
    for (const base of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      for (const slot of suiteSlots(2, { NEXUS_TEST_SLOT: String(base) })) {
        const { stateDir, databaseUrl, ports } = slotResources(slot, '/repo');
        for (const key of [stateDir, databaseUrl, ...Object.values(ports).map(String)]) {
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }
    }
  });
});
