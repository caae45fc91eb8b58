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

  it('fails a web app file that imports the backend by path', async () => {
    const messages = await lint(
      'frontend/src/features/example.ts',
      "import { loadConfig } from '../../../backend/src/platform/config/app-config.js';\nexport const x = loadConfig;\n",
    );
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('The web app imports only @nexus/contract of ours');
  });

  it('fails a web app file that imports a server package', async () => {
    const messages = await lint(
      'frontend/src/features/example.ts',
      "import { startWorker } from '@nexus/backend/jobs';\nexport const x = startWorker;\n",
    );
    // Named, and (once built) resolved into the backend: both rules see it.
    expect(rules(messages)).toContain('no-restricted-imports');
  });

  it('lets a web app file import the contract', async () => {
    const messages = await lint(
      'frontend/src/features/example.ts',
      "import { scanKey } from '@nexus/contract';\nexport const x = scanKey;\n",
    );
    expect(messages).toEqual([]);
  });

  it('fails a contract file that imports anything of ours', async () => {
    const byPath = await lint(
      'contract/src/example.ts',
      "import { toApiNft } from '../../backend/src/collections/index.js';\nexport const x = toApiNft;\n",
    );
    const byName = await lint(
      'contract/src/example.ts',
      "import { startWorker } from '@nexus/backend/jobs';\nexport const x = startWorker;\n",
    );
    expect(rules(byPath)).toEqual(['import-x/no-restricted-paths']);
    expect(rules(byName)).toContain('no-restricted-imports');
  });

  it("fails a backend file that reaches into another domain's files, not its surface", async () => {
    const internal = await lint(
      'backend/src/admin/example.ts',
      "import { ScanCacheRepository } from '../scans/scan-cache.repository.js';\nexport const x = ScanCacheRepository;\n",
    );
    const surface = await lint(
      'backend/src/admin/example.ts',
      "import { ScanCacheRepository } from '../scans/index.js';\nexport const x = ScanCacheRepository;\n",
    );
    expect(rules(internal)).toEqual(['import-x/no-restricted-paths']);
    expect(internal[0]!.message).toContain('Import scans through its surface (scans/index.js)');
    expect(surface).toEqual([]);
  });

  it('holds the surfaces for the files at the root of backend/src too', async () => {
    const internal = await lint(
      'backend/src/example.module.ts',
      "import { ScansModule } from './scans/scans.module.js';\nexport const x = ScansModule;\n",
    );
    const surface = await lint(
      'backend/src/example.module.ts',
      "import { ScansModule } from './scans/index.js';\nexport const x = ScansModule;\n",
    );
    expect(rules(internal)).toEqual(['import-x/no-restricted-paths']);
    expect(surface).toEqual([]);
  });

  it("holds a nested surface (chain/metadata) for its neighbours in chain, and chain's for the rest", async () => {
    const code = (from: string) =>
      `import { normalizeMetadata } from '${from}';\nexport const x = normalizeMetadata;\n`;
    const fromJobs = await lint(
      'backend/src/jobs/example.ts',
      code('../chain/metadata/metadata.normalizer.js'),
    );
    const pastChain = await lint('backend/src/jobs/example.ts', code('../chain/metadata/index.js'));
    const fromChain = await lint(
      'backend/src/chain/rpc/example.ts',
      code('../metadata/metadata.normalizer.js'),
    );
    const throughChain = await lint('backend/src/jobs/example.ts', code('../chain/index.js'));
    const throughMetadata = await lint('backend/src/chain/rpc/example.ts', code('../metadata/index.js'));
    const inside = await lint('backend/src/chain/metadata/example.ts', code('./metadata.normalizer.js'));
    expect(rules(fromJobs)).toContain('import-x/no-restricted-paths');
    expect(rules(pastChain)).toEqual(['import-x/no-restricted-paths']);
    expect(rules(fromChain)).toEqual(['import-x/no-restricted-paths']);
    expect(throughChain).toEqual([]);
    expect(throughMetadata).toEqual([]);
    expect(inside).toEqual([]);
  });

  it("fails an import past any surface, a domain's or a platform folder's", async () => {
    const chain = await lint(
      'backend/src/admin/example.ts',
      "import { LogScanner } from '../chain/rpc/log.scanner.js';\nexport const x = LogScanner;\n",
    );
    const config = await lint(
      'backend/src/scans/example.ts',
      "import { loadConfig } from '../platform/config/app-config.js';\nexport const x = loadConfig;\n",
    );
    const surface = await lint(
      'backend/src/scans/example.ts',
      "import { loadConfig } from '../platform/config/index.js';\nexport const x = loadConfig;\n",
    );
    expect(rules(chain)).toEqual(['import-x/no-restricted-paths']);
    expect(chain[0]!.message).toContain('Import chain through its surface (chain/index.js)');
    expect(rules(config)).toEqual(['import-x/no-restricted-paths']);
    expect(config[0]!.message).toContain('Import platform/config through its surface');
    expect(surface).toEqual([]);
  });

  it('fails a platform file that imports a domain, even through its surface', async () => {
    const domain = await lint(
      'backend/src/platform/redis/example.ts',
      "import { ScansModule } from '../../scans/index.js';\nexport const x = ScansModule;\n",
    );
    const root = await lint(
      'backend/src/platform/database/example.ts',
      "import { ENTITIES } from '../../entities.js';\nexport const x = ENTITIES;\n",
    );
    const platform = await lint(
      'backend/src/platform/redis/example.ts',
      "import { APP_CONFIG } from '../config/index.js';\nexport const x = APP_CONFIG;\n",
    );
    expect(rules(domain)).toEqual(['import-x/no-restricted-paths']);
    expect(domain[0]!.message).toContain('The platform never imports a domain');
    expect(rules(root)).toEqual(['import-x/no-restricted-paths']);
    expect(platform).toEqual([]);
  });

  it('lets a platform spec boot the whole API from the composition root', async () => {
    const messages = await lint(
      'backend/src/platform/common/example.http.spec.ts',
      "import { createApiApp } from '../../bootstrap.js';\nexport const x = createApiApp;\n",
    );
    expect(messages).toEqual([]);
  });

  it('fails a web app feature that imports another feature', async () => {
    const messages = await lint(
      'frontend/src/features/home/components/example.tsx',
      "import { VotingList } from '../../vote/components/voting-list';\nexport const x = VotingList;\n",
    );
    const own = await lint(
      'frontend/src/features/vote/components/example.tsx',
      "import { VotingList } from './voting-list';\nexport const x = VotingList;\n",
    );
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('A feature never imports another feature');
    expect(own).toEqual([]);
  });

  it('fails shared components and lib that import a feature; routes may compose features', async () => {
    const code =
      "import { VotingList } from '../features/vote/components/voting-list';\nexport const x = VotingList;\n";
    const component = await lint('frontend/src/components/example.tsx', code);
    const lib = await lint('frontend/src/lib/example.ts', code);
    const route = await lint(
      'frontend/src/app/routes/example.tsx',
      "import { VotingList } from '../../features/vote/components/voting-list';\nexport const x = VotingList;\n",
    );
    expect(rules(component)).toEqual(['import-x/no-restricted-paths']);
    expect(component[0]!.message).toContain('Shared code never imports a feature');
    expect(rules(lib)).toEqual(['import-x/no-restricted-paths']);
    expect(route).toEqual([]);
  });

  it('lets workers import the job surface only', async () => {
    const other = await lint(
      'workers/src/example.ts',
      "import { loadConfig } from '../../backend/src/platform/config/app-config.js';\nexport const x = loadConfig;\n",
    );
    const jobs = await lint(
      'workers/src/example.ts',
      "import { startWorker } from '@nexus/backend/jobs';\nexport const x = startWorker;\n",
    );
    expect(rules(other)).toEqual(['no-restricted-imports']);
    expect(jobs).toEqual([]);
  });

  it('keeps chain and media apart: both build on the outbound fetch layer, neither on the other', async () => {
    const media = await lint(
      'backend/src/media/example.ts',
      "import { GatewayMetadataResolver } from '../chain/index.js';\nexport const x = GatewayMetadataResolver;\n",
    );
    const chain = await lint(
      'backend/src/chain/example.ts',
      "import { MediaModule } from '../media/index.js';\nexport const x = MediaModule;\n",
    );
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
