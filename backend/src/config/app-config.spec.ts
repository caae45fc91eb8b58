import { ConfigError, loadConfig } from './app-config.js';

const chains = {
  ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
  POLYGON_RPC_URL: 'http://127.0.0.1:8546',
  CRONOS_RPC_URL: 'http://127.0.0.1:8547',
  DEVCHAIN_MANIFEST: '/nonexistent/devchain.json',
};

describe(loadConfig.name, () => {
  it('gives local defaults when only the chains are configured', () => {
    const sut = loadConfig({ ...chains });
    expect(sut.port).toBe(3000);
    expect(sut.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/nexus');
    expect(sut.chains.polygon).toEqual({ chainId: 137, rpcUrl: 'http://127.0.0.1:8546', devchain: false });
    expect(sut.s3).toBeNull();
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        REDIS_URL: 'http://x',
        S3_ENDPOINT: 'http://s3.local',
        DEVCHAIN_MANIFEST: '/none',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT must be a whole number');
    expect(problems).toContain('REDIS_URL must be a redis: or rediss: URL');
    expect(problems).toContain('S3_ACCESS_KEY is required when S3_ENDPOINT is set');
    expect(problems).toContain('ETHEREUM_RPC_URL is not set');
    expect(problems).toContain('CRONOS_RPC_URL is not set');
  });

  it('refuses a short admin password', () => {
    expect(() => loadConfig({ ...chains, ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('caps votes at 3 per address per submission unless VOTES_PER_IP_PER_SUBMISSION says otherwise', () => {
    expect(loadConfig({ ...chains }).votesPerIpPerSubmission).toBe(3);
    expect(loadConfig({ ...chains, VOTES_PER_IP_PER_SUBMISSION: '10' }).votesPerIpPerSubmission).toBe(10);
    expect(() => loadConfig({ ...chains, VOTES_PER_IP_PER_SUBMISSION: '0' })).toThrow(
      /VOTES_PER_IP_PER_SUBMISSION must be a whole number from 1 to 1000/,
    );
  });

  it('takes a vote address key of at least 32 characters, or none', () => {
    expect(loadConfig({ ...chains }).voteIpHashKey).toBeNull();
    expect(loadConfig({ ...chains, VOTE_IP_HASH_KEY: 'k'.repeat(32) }).voteIpHashKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ ...chains, VOTE_IP_HASH_KEY: 'short' })).toThrow(/VOTE_IP_HASH_KEY/);
  });
});
