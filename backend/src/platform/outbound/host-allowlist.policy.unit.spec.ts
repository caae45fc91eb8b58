import { HostAllowlist } from './host-allowlist.policy.js';

describe(HostAllowlist.name, () => {
  it('matches host:port entries on that port only', () => {
    const sut = new HostAllowlist(['127.0.0.1:8580']);
    expect(sut.allows(new URL('http://127.0.0.1:8580/ipfs/x'))).toBe(true);
    expect(sut.allows(new URL('http://127.0.0.1:8581/ipfs/x'))).toBe(false);
    expect(sut.allows(new URL('http://127.0.0.1/ipfs/x'))).toBe(false);
  });

  it('matches bare hosts on any port, case-insensitively', () => {
    const sut = new HostAllowlist(['Gateway.Local']);
    expect(sut.allows(new URL('http://gateway.local:9000/'))).toBe(true);
    expect(sut.allows(new URL('https://gateway.local/'))).toBe(true);
    expect(sut.allows(new URL('https://other.local/'))).toBe(false);
  });

  it('uses the default port of the scheme', () => {
    const sut = new HostAllowlist(['media.local:443']);
    expect(sut.allows(new URL('https://media.local/a'))).toBe(true);
    expect(sut.allows(new URL('http://media.local/a'))).toBe(false);
  });

  it('understands IPv6 entries in either spelling', () => {
    const sut = new HostAllowlist(['[::1]:8580', '::ffff:127.0.0.1']);
    expect(sut.allows(new URL('http://[::1]:8580/'))).toBe(true);
    expect(sut.allows(new URL('http://[::1]:8581/'))).toBe(false);
    expect(sut.allows(new URL('http://[::ffff:7f00:1]:1234/'))).toBe(true);
  });

  it('refuses a malformed port', () => {
    expect(() => new HostAllowlist(['localhost:http'])).toThrow('port');
  });
});
