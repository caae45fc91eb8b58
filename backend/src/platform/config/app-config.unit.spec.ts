import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(sut.chains.polygon).toEqual({
      chainId: 137,
      rpcUrl: 'http://127.0.0.1:8546',
      rpcUrls: ['http://127.0.0.1:8546'],
      devchain: false,
      maxLogRange: null,
      requestsPerSecond: null,
    });
    expect(sut.s3).toBeNull();
    // Real networks are not indexed unless a start block is configured.
    expect(sut.transferIndex).toEqual({});
  });

  it('indexes a real network from INDEX_FROM_BLOCK_<NETWORK>, with its confirmations and node limits', () => {
    const sut = loadConfig({
      ...chains,
      INDEX_FROM_BLOCK_CRONOS: '1200000',
      INDEX_CONFIRMATIONS_CRONOS: '6',
      CRONOS_RPC_MAX_LOG_RANGE: '2000',
      CRONOS_RPC_REQUESTS_PER_SECOND: '25',
    });
    expect(sut.transferIndex).toEqual({ cronos: { fromBlock: 1_200_000n, confirmations: 6 } });
    expect(sut.chains.cronos).toMatchObject({ maxLogRange: 2000, requestsPerSecond: 25 });
    expect(() => loadConfig({ ...chains, INDEX_FROM_BLOCK_POLYGON: 'genesis' })).toThrow(
      'INDEX_FROM_BLOCK_POLYGON must be a block number or "off" (got "genesis")',
    );
  });

  it("allows the dev world's messy metadata hosts and races their gateways after the dev gateway's", () => {
    const manifest = join(mkdtempSync(join(tmpdir(), 'nexus-config-')), 'devchain.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        ipfsGateway: 'http://127.0.0.1:8580/ipfs/',
        messyMetadata: {
          allowedHosts: ['127.0.0.1:8600', '127.0.0.1:8601'],
          ipfsGateways: ['http://127.0.0.1:8609/ipfs/', 'http://127.0.0.1:8610/ipfs/'],
        },
      }),
    );
    const sut = loadConfig({ ...chains, DEVCHAIN_MANIFEST: manifest });
    expect(sut.allowedMetadataHosts).toEqual(['127.0.0.1:8580', '127.0.0.1:8600', '127.0.0.1:8601']);
    expect(sut.ipfsGateways.slice(0, 3)).toEqual([
      'http://127.0.0.1:8580/ipfs/',
      'http://127.0.0.1:8609/ipfs/',
      'http://127.0.0.1:8610/ipfs/',
    ]);
    // Configured hosts and gateways replace the manifest's.
    const configured = loadConfig({
      ...chains,
      DEVCHAIN_MANIFEST: manifest,
      METADATA_ALLOWED_HOSTS: 'gateway.internal',
      IPFS_GATEWAYS: 'https://ipfs.io/ipfs/',
    });
    expect(configured.allowedMetadataHosts).toEqual(['gateway.internal']);
    expect(configured.ipfsGateways).toEqual(['https://ipfs.io/ipfs/']);
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

  it('reads rate limits as <requests>/<seconds> per policy, with defaults for the rest', () => {
    const sut = loadConfig({ ...chains, RATE_LIMIT_SCAN: '120/60', RATE_LIMIT_VOTE: ' 10 / 3600 ' });
    expect(sut.rateLimits.scan).toEqual({ points: 120, durationS: 60 });
    expect(sut.rateLimits.vote).toEqual({ points: 10, durationS: 3600 });
    expect(sut.rateLimits.api).toEqual({ points: 600, durationS: 60 });
    expect(sut.rateLimits.login).toEqual({ points: 5, durationS: 60 });
    expect(sut.suspiciousIps).toEqual({
      rateLimitBreaches: { count: 3, windowS: 86_400 },
      failedLogins: { count: 3, windowS: 86_400 },
    });
  });

  it('refuses a malformed rate limit or suspicious-address threshold, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        ...chains,
        RATE_LIMIT_API: '600',
        RATE_LIMIT_SCAN: '0/60',
        RATE_LIMIT_RARITY: '10/0',
        RATE_LIMIT_MEDIA: '1.5/60',
        SUSPICIOUS_IP_BREACHES: 'three/day',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    for (const name of ['RATE_LIMIT_API', 'RATE_LIMIT_SCAN', 'RATE_LIMIT_RARITY', 'RATE_LIMIT_MEDIA']) {
      expect(problems).toContainEqual(
        expect.stringMatching(new RegExp(`^${name} must be <count>/<seconds>`)),
      );
    }
    expect(problems).toContainEqual(expect.stringMatching(/^SUSPICIOUS_IP_BREACHES must be/));
  });

  it('takes donation addresses of the right format, and refuses others', () => {
    const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
    const sut = loadConfig({
      ...chains,
      DONATION_EVM_ADDRESS: evm,
      DONATION_SOLANA_ADDRESS: 'So11111111111111111111111111111111111111112',
      DONATION_BITCOIN_ADDRESS: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    expect(sut.donations).toEqual({
      evm,
      solana: 'So11111111111111111111111111111111111111112',
      bitcoin: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });

    let error: unknown;
    try {
      loadConfig({
        ...chains,
        DONATION_EVM_ADDRESS: evm.toLowerCase().replace('0x5', '0x'),
        DONATION_SOLANA_ADDRESS: evm,
        DONATION_BITCOIN_ADDRESS: 'bc1-not-an-address',
      });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^DONATION_EVM_ADDRESS is not an EVM address/),
      expect.stringMatching(/^DONATION_SOLANA_ADDRESS is not a Solana address/),
      expect.stringMatching(/^DONATION_BITCOIN_ADDRESS is not a Bitcoin mainnet address/),
    ]);
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
