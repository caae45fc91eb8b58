import { TopClientTracker } from './top-client.tracker.js';

describe(TopClientTracker.name, () => {
  const now = 1_000_000;

  it('follows the client with the highest count in a live window', () => {
    const sut = new TopClientTracker();

    expect(sut.observe('api', 'a', 1, now + 60_000, now)).toBe(true);
    expect(sut.observe('api', 'b', 1, now + 60_000, now)).toBe(false);
    expect(sut.observe('api', 'a', 2, now + 60_000, now)).toBe(false);
    expect(sut.observe('api', 'b', 3, now + 60_000, now)).toBe(true);
    expect(sut.leader('api', now)).toBe('b');
    expect(sut.leader('scan', now)).toBeNull();
  });

  it("lets another client lead once the leader's window has ended", () => {
    const sut = new TopClientTracker();
    sut.observe('api', 'a', 50, now + 1000, now);

    expect(sut.leader('api', now + 1000)).toBeNull();
    expect(sut.observe('api', 'b', 1, now + 61_000, now + 1000)).toBe(true);
    expect(sut.leader('api', now + 1000)).toBe('b');
  });

  it('forgets a cleared client', () => {
    const sut = new TopClientTracker();
    sut.observe('api', 'a', 5, now + 60_000, now);
    sut.observe('scan', 'a', 5, now + 60_000, now);
    sut.observe('vote', 'c', 5, now + 60_000, now);

    sut.forget('a');

    expect(sut.leader('api', now)).toBeNull();
    expect(sut.leader('scan', now)).toBeNull();
    expect(sut.leader('vote', now)).toBe('c');
  });
});
