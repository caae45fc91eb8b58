import type { QueuedScansRepository } from '../queued-scans.repository.js';
import type { MemoryQueuedScans } from './memory-queued-scans.js';

type Ledger = QueuedScansRepository | MemoryQueuedScans;

/**
 * What scan admission relies on of its ledger, as one table run against the Redis scripts
 * (`queued-scans.repository.spec.ts`) and the in-memory ledger (`memory-queued-scans.unit.spec.ts`).
 */
export function queuedScansScenarios(
  title: string,
  open: () => Promise<{ ledger: Ledger; close(): Promise<void> }>,
) {
  describe(title, () => {
    let ledger: Ledger;
    let close: () => Promise<void>;
    const now = Date.now();
    const HOLD = 60_000;
    let n = 0;
    const client = () => `198.51.100.${++n}`;
    const queued = new Set<string>();
    const stillQueued = async (scanKey: string) => queued.has(scanKey);

    beforeEach(async () => {
      ({ ledger, close } = await open());
      queued.clear();
    });

    afterEach(() => close());

    it("takes a client's slots up to its limit, and counts a scan it holds once", async () => {
      const ip = client();
      expect(await ledger.reserve(ip, 'a', 2, HOLD, now)).toBe('reserved');
      expect(await ledger.reserve(ip, 'a', 2, HOLD, now)).toBe('counted');
      expect(await ledger.reserve(ip, 'b', 2, HOLD, now)).toBe('reserved');
      expect(await ledger.reserve(ip, 'c', 2, HOLD, now)).toBe('full');
      expect(await ledger.reserve(client(), 'c', 2, HOLD, now)).toBe('reserved');
      expect(await ledger.count(ip, stillQueued, now)).toBe(2);
    });

    it('frees a reservation after its hold, and a started scan once its job has ended', async () => {
      const ip = client();
      await ledger.reserve(ip, 'a', 2, HOLD, now);
      await ledger.reserve(ip, 'b', 2, HOLD, now);
      await ledger.add(ip, 'b', 10 * HOLD, now);
      queued.add('b');
      expect(await ledger.reserve(ip, 'c', 2, HOLD, now + HOLD)).toBe('reserved');
      expect(await ledger.count(ip, stillQueued, now + HOLD)).toBe(2);

      queued.delete('b');
      expect(await ledger.count(ip, stillQueued, now + HOLD)).toBe(1);
      expect(await ledger.reserve(ip, 'd', 2, HOLD, now + HOLD)).toBe('reserved');
    });

    it("counts the queue's admitted scans, or Bull's when it holds more, against the total", async () => {
      expect(await ledger.reserveTotal('a', 3, 0, HOLD, now)).toBe('reserved');
      expect(await ledger.reserveTotal('a', 3, 0, HOLD, now)).toBe('counted');
      await ledger.add(client(), 'a', HOLD, now);
      expect(await ledger.reserveTotal('b', 3, 1, HOLD, now)).toBe('reserved');
      // Bull holds two scans the ledger did not admit: 2 + the reservation of b = 3.
      expect(await ledger.reserveTotal('c', 3, 2, HOLD, now)).toBe('full');
      expect(await ledger.reserveTotal('c', 3, 1, HOLD, now)).toBe('reserved');
      expect(await ledger.reserveTotal('d', 3, 0, HOLD, now)).toBe('full');
    });

    it("gives back a request's slots, or only its client's while another request holds the queue's", async () => {
      const ip = client();
      await ledger.reserve(ip, 'a', 1, HOLD, now);
      await ledger.reserveTotal('a', 1, 0, HOLD, now);
      await ledger.release(ip, 'a', true);
      expect(await ledger.reserve(ip, 'b', 1, HOLD, now)).toBe('reserved');
      expect(await ledger.reserveTotal('b', 1, 0, HOLD, now)).toBe('full');

      await ledger.release(ip, 'a');
      expect(await ledger.reserveTotal('b', 1, 0, HOLD, now)).toBe('reserved');
    });

    it("sweeps the queue's entries of scans that ended, and lists the clients with scans", async () => {
      const [one, two] = [client(), client()];
      await ledger.add(one, 'a', HOLD, now);
      await ledger.add(two, 'b', HOLD, now);
      await ledger.reserveTotal('c', 9, 0, HOLD, now);
      queued.add('b');
      expect(await ledger.sweepTotal(stillQueued)).toBe(2);
      expect(await ledger.reserveTotal('d', 3, 0, HOLD, now)).toBe('reserved');
      expect(await ledger.reserveTotal('e', 3, 0, HOLD, now)).toBe('full');
      expect((await ledger.clients()).sort()).toEqual([one, two].sort());
    });
  });
}
