import { LocalTally } from './local-tally.js';

const LIMIT = 100;

describe(LocalTally.name, () => {
  const now = 1_000_000;
  let tally: LocalTally;

  beforeEach(() => {
    tally = new LocalTally(() => LIMIT);
  });

  it('counts a client alone for a quarter of what it had left, while the answer is fresh', () => {
    expect(tally.count('api', 'a', now)).toBeNull();
    // Redis: 20 used of 100, 60 s left: 80 left, 20 may be counted here.
    tally.heard('api', 'a', { consumedPoints: 20, msBeforeNext: 60_000 }, now);

    const counted = Array.from({ length: 25 }, () => tally.count('api', 'a', now + 10));

    expect(counted.filter(Boolean)).toHaveLength(20);
    expect(counted[0]).toEqual({ used: 21, until: now + 60_000 });
    expect(counted[19]).toEqual({ used: 40, until: now + 60_000 });
    expect(tally.pendingOf('api', 'a')).toBe(20);
    // An answer older than the trust window is not relied on.
    tally.heard('api', 'b', { consumedPoints: 0, msBeforeNext: 60_000 }, now);
    expect(tally.count('api', 'b', now + 250)).toBeNull();
  });

  it('asks Redis for every request of a client near its limit', () => {
    tally.heard('api', 'a', { consumedPoints: 97, msBeforeNext: 60_000 }, now);
    expect(tally.count('api', 'a', now + 1)).toBeNull();
  });

  it('hands its pending counts to a check, and takes them back when Redis did not take them', () => {
    tally.heard('api', 'a', { consumedPoints: 0, msBeforeNext: 60_000 }, now);
    tally.count('api', 'a', now);
    tally.count('api', 'a', now);

    const sent = tally.carry('api', 'a');
    expect(sent.points).toBe(2);
    expect(tally.pendingOf('api', 'a')).toBe(0);
    sent.settle(false);
    expect(tally.pendingOf('api', 'a')).toBe(2);
    expect([...tally.takeDirty()].map((t) => t.pending)).toEqual([2]);
    expect(tally.hasDirty).toBe(false);

    const again = tally.carry('api', 'a');
    again.settle(true);
    expect(tally.pendingOf('api', 'a')).toBe(0);
    expect(tally.carry('api', 'nobody').points).toBe(0);
  });

  it('refuses a blocked client until its window ends, counting the refusals', () => {
    tally.block('scan', 'a', { consumedPoints: 61, msBeforeNext: 5_000 }, now);

    expect(tally.refuse('scan', 'a', now + 1)).toMatchObject({ counted: 61, pending: 1 });
    expect(tally.refuse('scan', 'a', now + 2)).toMatchObject({ pending: 2 });
    expect(tally.pendingOf('scan', 'a')).toBe(2);
    expect(tally.refuse('scan', 'a', now + 5_000)).toBeNull();
    expect(tally.refuse('api', 'a', now + 1)).toBeNull();
  });

  it('forgets a reset client, and the tallies whose window is over', () => {
    tally.heard('api', 'a', { consumedPoints: 0, msBeforeNext: 1_000 }, now);
    tally.heard('api', 'b', { consumedPoints: 0, msBeforeNext: 9_000 }, now);
    tally.block('api', 'c', { consumedPoints: 200, msBeforeNext: 9_000 }, now);
    tally.count('api', 'a', now);

    tally.forgetEnded(now + 1_000);
    tally.forget('api', 'c');

    expect(tally.pendingOf('api', 'a')).toBe(0);
    expect(tally.count('api', 'a', now + 1_001)).toBeNull();
    expect(tally.count('api', 'b', now + 100)).not.toBeNull();
    expect(tally.refuse('api', 'c', now + 2)).toBeNull();
    expect(tally.hasDirty).toBe(true);
  });
});
