import type { Linter } from 'eslint';
import { virtualLint, type VirtualLint } from '../support/virtual-lint.js';

/**
 * The import boundaries are enforced by `npm run check` (ESLint with the repository's config): these
 * files are linted as if they stood where the path says, and must fail, or pass, as stated.
 */
describe('import boundaries (eslint.config.js)', () => {
  let lint: VirtualLint;

  beforeAll(() => {
    lint = virtualLint();
  });
  const rules = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);
  /** A file at `path` that imports `name` from `from` and uses it (so that only the import can fail). */
  const lintImport = (path: string, name: string, from: string) =>
    lint(path, `import { ${name} } from '${from}';\nexport const x = ${name};\n`);

  it('fails a web app file that imports the backend by path', async () => {
    const messages = await lintImport(
      'frontend/src/features/example.ts',
      'loadConfig',
      '../../../backend/src/platform/config/app-config.js',
    );
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('The web app imports only @nexus/contract of ours');
  });

  it('fails a web app file that imports a server package', async () => {
    const messages = await lintImport(
      'frontend/src/features/example.ts',
      'startWorker',
      '@nexus/backend/jobs',
    );
    // Named, and (once built) resolved into the backend: both rules see it.
    expect(rules(messages)).toContain('no-restricted-imports');
  });

  it('lets a web app file import the contract', async () => {
    const messages = await lintImport('frontend/src/features/example.ts', 'scanKey', '@nexus/contract');
    expect(messages).toEqual([]);
  });

  it('fails a contract file that imports anything of ours', async () => {
    const byPath = await lintImport(
      'contract/src/example.ts',
      'toApiNft',
      '../../backend/src/collections/index.js',
    );
    const byName = await lintImport('contract/src/example.ts', 'startWorker', '@nexus/backend/jobs');
    expect(rules(byPath)).toEqual(['import-x/no-restricted-paths']);
    expect(rules(byName)).toContain('no-restricted-imports');
  });

  it("fails a backend file that reaches into another domain's files, not its surface", async () => {
    const internal = await lintImport(
      'backend/src/admin/example.ts',
      'ScanCacheRepository',
      '../scans/scan-cache.repository.js',
    );
    const surface = await lintImport(
      'backend/src/admin/example.ts',
      'ScanCacheRepository',
      '../scans/index.js',
    );
    expect(rules(internal)).toEqual(['import-x/no-restricted-paths']);
    expect(internal[0]!.message).toContain('Import scans through its surface (scans/index.js)');
    expect(surface).toEqual([]);
  });

  it('holds the surfaces for the files at the root of backend/src too', async () => {
    const internal = await lintImport(
      'backend/src/example.module.ts',
      'ScansModule',
      './scans/scans.module.js',
    );
    const surface = await lintImport('backend/src/example.module.ts', 'ScansModule', './scans/index.js');
    expect(rules(internal)).toEqual(['import-x/no-restricted-paths']);
    expect(surface).toEqual([]);
  });

  it("holds a nested surface (chain/metadata) for its neighbours in chain, and chain's for the rest", async () => {
    const importNormalizer = (path: string, from: string) => lintImport(path, 'normalizeMetadata', from);
    const fromJobs = await importNormalizer(
      'backend/src/jobs/example.ts',
      '../chain/metadata/metadata.normalizer.js',
    );
    const pastChain = await importNormalizer('backend/src/jobs/example.ts', '../chain/metadata/index.js');
    const fromChain = await importNormalizer(
      'backend/src/chain/rpc/example.ts',
      '../metadata/metadata.normalizer.js',
    );
    const throughChain = await importNormalizer('backend/src/jobs/example.ts', '../chain/index.js');
    const throughMetadata = await importNormalizer(
      'backend/src/chain/rpc/example.ts',
      '../metadata/index.js',
    );
    const inside = await importNormalizer(
      'backend/src/chain/metadata/example.ts',
      './metadata.normalizer.js',
    );
    expect(rules(fromJobs)).toContain('import-x/no-restricted-paths');
    expect(rules(pastChain)).toEqual(['import-x/no-restricted-paths']);
    expect(rules(fromChain)).toEqual(['import-x/no-restricted-paths']);
    expect(throughChain).toEqual([]);
    expect(throughMetadata).toEqual([]);
    expect(inside).toEqual([]);
  });

  it("fails an import past any surface, a domain's or a platform folder's", async () => {
    const chain = await lintImport(
      'backend/src/admin/example.ts',
      'LogScanner',
      '../chain/rpc/log.scanner.js',
    );
    const config = await lintImport(
      'backend/src/scans/example.ts',
      'loadConfig',
      '../platform/config/app-config.js',
    );
    const surface = await lintImport(
      'backend/src/scans/example.ts',
      'loadConfig',
      '../platform/config/index.js',
    );
    expect(rules(chain)).toEqual(['import-x/no-restricted-paths']);
    expect(chain[0]!.message).toContain('Import chain through its surface (chain/index.js)');
    expect(rules(config)).toEqual(['import-x/no-restricted-paths']);
    expect(config[0]!.message).toContain('Import platform/config through its surface');
    expect(surface).toEqual([]);
  });

  it('fails a platform file that imports a domain, even through its surface', async () => {
    const domain = await lintImport(
      'backend/src/platform/redis/example.ts',
      'ScansModule',
      '../../scans/index.js',
    );
    const root = await lintImport(
      'backend/src/platform/database/example.ts',
      'ENTITIES',
      '../../entities.js',
    );
    const platform = await lintImport(
      'backend/src/platform/redis/example.ts',
      'AppConfig',
      '../config/index.js',
    );
    expect(rules(domain)).toEqual(['import-x/no-restricted-paths']);
    expect(domain[0]!.message).toContain('The platform never imports a domain');
    expect(rules(root)).toEqual(['import-x/no-restricted-paths']);
    expect(platform).toEqual([]);
  });

  it('lets a platform spec boot the whole API from the composition root', async () => {
    const messages = await lintImport(
      'backend/src/platform/common/example.http.spec.ts',
      'createApiApp',
      '../../bootstrap.js',
    );
    expect(messages).toEqual([]);
  });

  it('fails a web app feature that imports another feature', async () => {
    const messages = await lintImport(
      'frontend/src/features/home/components/example.tsx',
      'VotingList',
      '../../vote/components/voting-list',
    );
    const own = await lintImport(
      'frontend/src/features/vote/components/example.tsx',
      'VotingList',
      './voting-list',
    );
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('A feature never imports another feature');
    expect(own).toEqual([]);
  });

  it('fails shared components and lib that import a feature; routes may compose features', async () => {
    const from = '../features/vote/components/voting-list';
    const component = await lintImport('frontend/src/components/example.tsx', 'VotingList', from);
    const lib = await lintImport('frontend/src/lib/example.ts', 'VotingList', from);
    const route = await lintImport(
      'frontend/src/app/routes/example.tsx',
      'VotingList',
      '../../features/vote/components/voting-list',
    );
    expect(rules(component)).toEqual(['import-x/no-restricted-paths']);
    expect(component[0]!.message).toContain('Shared code never imports a feature');
    expect(rules(lib)).toEqual(['import-x/no-restricted-paths']);
    expect(route).toEqual([]);
  });

  it('lets workers import the job surface only', async () => {
    const other = await lintImport(
      'workers/src/example.ts',
      'loadConfig',
      '../../backend/src/platform/config/app-config.js',
    );
    const jobs = await lintImport('workers/src/example.ts', 'startWorker', '@nexus/backend/jobs');
    expect(rules(other)).toEqual(['no-restricted-imports']);
    expect(jobs).toEqual([]);
  });

  it('keeps chain and media apart: both build on the outbound fetch layer, neither on the other', async () => {
    const media = await lintImport(
      'backend/src/media/example.ts',
      'GatewayMetadataResolver',
      '../chain/index.js',
    );
    const chain = await lintImport('backend/src/chain/example.ts', 'MediaModule', '../media/index.js');
    const outbound = await lint(
      'backend/src/media/example.ts',
      "import { GatewayFetcher, sniffMediaType } from '../platform/outbound/index.js';\nexport const x = [GatewayFetcher, sniffMediaType];\n",
    );

    expect(rules(media)).toEqual(['import-x/no-restricted-paths']);
    expect(media[0]!.message).toContain('Chain and media share the outbound fetch layer');
    expect(rules(chain)).toEqual(['import-x/no-restricted-paths']);
    expect(outbound).toEqual([]);
  });

  it('fails an import cycle', async () => {
    const messages = await lint.file('test/lint/fixtures/cycle-a.ts');
    expect(messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
