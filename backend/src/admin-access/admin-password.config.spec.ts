import { ConfigError, loadConfig } from '../platform/config/index.js';

describe('ADMIN_PASSWORD', () => {
  const base = {
    ETHEREUM_RPC_URL: 'http://127.0.0.1:9/',
    POLYGON_RPC_URL: 'http://127.0.0.1:9/',
    CRONOS_RPC_URL: 'http://127.0.0.1:9/',
  };
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is required in production, and a published default is refused there', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/ADMIN_PASSWORD is required/),
    ]);
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'nexus-admin' })).toEqual([
      expect.stringMatching(/published default/),
    ]);
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-random-secret' })).toEqual([]);
  });

  it('is at least 12 characters in production, and not a common password', () => {
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'k7#Qv9!zLm2' })).toEqual([
      'ADMIN_PASSWORD must be at least 12 characters in production (got 11)',
    ]);
    for (const common of ['password1234', 'Qwertyuiop123', '123456789012', 'administrator']) {
      expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: common })).toEqual([
        expect.stringMatching(/^ADMIN_PASSWORD is a common password/),
      ]);
    }
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'k7#Qv9!zLm2x' })).toEqual([]);
    // Elsewhere 8 characters still do (the local default is generated, 24 characters).
    expect(problems({ ADMIN_PASSWORD: 'k7#Qv9!z' })).toEqual([]);
  });

  it('ADMIN_SESSION_LIFETIME_MINUTES and ADMIN_LOGIN_FAILURE_BUDGET: defaults, and refused when malformed', () => {
    const config = loadConfig(base);
    expect(config.adminSessionLifetimeMs).toBe(24 * 60 * 60 * 1000);
    expect(config.adminLoginFailureBudget).toEqual({ points: 50, durationS: 900 });
    expect(problems({ ADMIN_SESSION_LIFETIME_MINUTES: '0' })).toEqual([
      expect.stringMatching(/^ADMIN_SESSION_LIFETIME_MINUTES must be/),
    ]);
    expect(problems({ ADMIN_LOGIN_FAILURE_BUDGET: 'lots' })).toEqual([
      expect.stringMatching(/^ADMIN_LOGIN_FAILURE_BUDGET must be <count>\/<seconds>/),
    ]);
  });

  it('may be unset elsewhere (admin login then refuses), but never shorter than 8 characters', () => {
    expect(loadConfig(base).adminPassword).toBeNull();
    expect(problems({ ADMIN_PASSWORD: 'short' })).toEqual([expect.stringMatching(/at least 8/)]);
  });
});
