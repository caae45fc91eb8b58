import js from '@eslint/js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const BACKEND_SRC = join(import.meta.dirname, 'backend/src');
const FEATURES = join(import.meta.dirname, 'frontend/src/features');

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The domains: every folder of backend/src but the platform, found on disk. */
const DOMAINS = folders(BACKEND_SRC).filter((name) => name !== 'platform');

/** Folders of backend/src with an `index.ts`, at any depth (as chain/metadata). */
function foldersWithIndex(dir = '') {
  const found = [];
  for (const name of folders(join(BACKEND_SRC, dir))) {
    if (name === 'migrations' || name === 'testing') continue;
    const module = dir ? `${dir}/${name}` : name;
    if (existsSync(join(BACKEND_SRC, module, 'index.ts'))) found.push(module);
    found.push(...foldersWithIndex(module));
  }
  return found;
}

/**
 * Backend modules with a surface, found on disk so that a new folder is covered from its first
 * commit: every domain and every platform folder (its surface is its `index.ts`, written with the
 * first file that others use), and every nested folder with an `index.ts` (as chain/metadata).
 * The migrations' index is the migrator's list, not a surface.
 */
function surfacedModules() {
  const platform = folders(join(BACKEND_SRC, 'platform')).map((name) => `platform/${name}`);
  return [...new Set([...DOMAINS, ...platform, ...foldersWithIndex()])];
}

/**
 * Everything of backend/src outside `module`: the files and folders beside it and beside each
 * folder it stands in.
 */
function outside(module) {
  const targets = [];
  let dir = '';
  for (const name of module.split('/')) {
    const base = dir ? `./backend/src/${dir}` : './backend/src';
    targets.push(`${base}/*.ts`);
    for (const entry of readdirSync(join(BACKEND_SRC, dir), { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== name) targets.push(`${base}/${entry.name}`);
    }
    dir = dir ? `${dir}/${name}` : name;
  }
  return targets;
}

/** One surface per module: no file outside it reaches into its files; its test fakes (`testing/`) serve all. */
const SURFACE_ZONES = surfacedModules().map((module) => ({
  target: outside(module),
  from: `./backend/src/${module}`,
  except: ['./index.ts', './testing'],
  message: `Import ${module} through its surface (${module}/index.js), not one of its files.`,
}));

const FRONTEND_IMPORTS =
  'The web app imports only @nexus/contract of ours (wire types and shared rules), never the server code.';
const CONTRACT_IMPORTS = 'The contract imports nothing of ours: backend, workers and the web app import it.';
const API_PATHS =
  'An API path comes from the route table of @nexus/contract (API_ROUTES, through apiCall or apiPath), never written by hand.';
const FETCH_LAYER =
  'Chain and media share the outbound fetch layer (backend/src/platform/outbound); neither imports the other.';
const PLATFORM_IMPORTS =
  'The platform never imports a domain: pass in what it needs (as DatabaseModule.forRoot(ENTITIES)), or move the piece to the domain.';
const FEATURE_IMPORTS =
  'A feature never imports another feature: move the shared piece to components/, lib/ or api/, or compose both in app/routes.';
const SHARED_IMPORTS = 'Shared code never imports a feature: features build on components/, lib/ and api/.';

/** The platform stands under the domains; its specs may boot the whole API from the composition root. */
const PLATFORM_ZONES = [
  {
    target: './backend/src/platform',
    from: DOMAINS.map((name) => `./backend/src/${name}`),
    message: PLATFORM_IMPORTS,
  },
  { target: './backend/src/platform/**/!(*.spec).ts', from: './backend/src/*.ts', message: PLATFORM_IMPORTS },
];

/** bulletproof-react's zones: each feature stands alone; app/ composes them; shared code is below them. */
const FRONTEND_ZONES = [
  ...folders(FEATURES).map((name) => ({
    target: `./frontend/src/features/${name}`,
    from: './frontend/src/features',
    except: [`./${name}`],
    message: FEATURE_IMPORTS,
  })),
  {
    target: ['./frontend/src/components', './frontend/src/lib', './frontend/src/api'],
    from: './frontend/src/features',
    message: SHARED_IMPORTS,
  },
];

/** Every React Hooks rule the plugin recommends, the React Compiler's included, as an error. */
const reactHooksRules = Object.fromEntries(
  Object.keys(reactHooks.configs.flat['recommended-latest'].rules).map((rule) => [rule, 'error']),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nexus/**',
      'coverage/**',
      'deploy/k6/**',
      // Wrong on purpose: test/lint checks that the rules below reject them.
      'test/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.test.json', './frontend/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Import boundaries, resolved as Node and the bundler do (`.js` in an import names the `.ts` file).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...SURFACE_ZONES,
            ...PLATFORM_ZONES,
            ...FRONTEND_ZONES,
            { target: './frontend', from: ['./backend', './workers', './deploy'], message: FRONTEND_IMPORTS },
            {
              target: './contract',
              from: ['./backend', './workers', './deploy', './frontend'],
              message: CONTRACT_IMPORTS,
            },
            { target: './backend/src/media', from: './backend/src/chain', message: FETCH_LAYER },
            { target: './backend/src/chain', from: './backend/src/media', message: FETCH_LAYER },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nexus/*', '!@nexus/contract'], message: FRONTEND_IMPORTS }] },
      ],
    },
  },
  {
    // One typed HTTP API: the web app's code names routes from the contract's table (tests may spell
    // the URLs they expect). `\x2F` is `/`, which a selector's regex cannot hold.
    files: ['frontend/src/**/*.ts', 'frontend/src/**/*.tsx'],
    ignores: ['frontend/src/**/*.test.ts', 'frontend/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\x2Fapi(\\x2F|$)/]', message: API_PATHS },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi(\\x2F|$)/]', message: API_PATHS },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@nexus/*'], message: CONTRACT_IMPORTS }] }],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@nexus/backend(?!/jobs$)|(\\.\\./)+backend/)',
              message: 'Workers import the job side through @nexus/backend/jobs only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.tsx', 'frontend/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooksRules,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx', 'frontend/test/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
