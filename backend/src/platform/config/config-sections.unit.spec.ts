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

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** The sections the main config spec does not reach: proxies, origins, logs, S3, the dev world's ENS. */
describe('loadConfig sections', () => {
  it('takes TRUST_PROXY as Express does: off, on, a hop count or addresses', () => {
    expect(loadConfig({ ...chains }).trustProxy).toBe(false);
    expect(loadConfig({ ...chains, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...chains, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...chains, TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('keeps the origin of each ALLOWED_ORIGINS entry and names one that is not an origin', () => {
    expect(loadConfig({ ...chains, ALLOWED_ORIGINS: 'http://localhost:5173/app, ' }).allowedOrigins).toEqual([
      'http://localhost:5173',
    ]);
    expect(problemsOf({ ...chains, ALLOWED_ORIGINS: 'nope' })).toEqual([
      'ALLOWED_ORIGINS has an entry that is not an origin: "nope"',
    ]);
  });

  it('logs readable lines in development and JSON in production, at info unless told', () => {
    expect(loadConfig({ ...chains }).log).toEqual({ level: 'info', format: 'pretty' });
    const production = {
      ...chains,
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'v7Qe!r2Lx9#tMz4Pw8Ks1Nd6Hb3Yc5Gj',
    };
    expect(loadConfig(production).log).toEqual({ level: 'info', format: 'json' });
    expect(problemsOf({ ...chains, LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' })).toEqual([
      expect.stringMatching(/^LOG_LEVEL must be one of .* \(got "loud"\)$/),
      'LOG_FORMAT must be json or pretty (got "xml")',
    ]);
  });

  it('stores media in S3 when S3_ENDPOINT and its keys are set', () => {
    const s3 = { S3_ENDPOINT: 'https://s3.local', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(loadConfig({ ...chains, ...s3 }).s3).toEqual({
      endpoint: 'https://s3.local',
      accessKey: 'a',
      secretKey: 'b',
      bucket: 'nexus-media',
    });
  });

  it("takes the dev world's ENS resolver and gateway when ethereum is the dev chain", () => {
    const manifest = join(mkdtempSync(join(tmpdir(), 'nexus-config-')), 'devchain.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        networks: { ethereum: { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' } },
        ens: {
          universalResolver: '0x00000000000000000000000000000000000000e5',
          gateway: 'http://127.0.0.1:8700/{sender}',
        },
      }),
    );
    const { ETHEREUM_RPC_URL: _, ...others } = chains;
    const sut = loadConfig({ ...others, DEVCHAIN_MANIFEST: manifest });
    expect(sut.chains.ethereum.devchain).toBe(true);
    expect(sut.ensUniversalResolver).toBe('0x00000000000000000000000000000000000000e5');
    expect(sut.ensGatewayAllowedHosts).toContain('127.0.0.1:8700');
    // A configured ethereum node is not the dev world's: its ENS is mainnet's.
    expect(loadConfig({ ...chains, DEVCHAIN_MANIFEST: manifest }).ensUniversalResolver).toBeNull();
  });
});
