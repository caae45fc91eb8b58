import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Backend domains with a surface (`index.ts`): other folders import them through it only. */
const SURFACED_DOMAINS = ['collections', 'jobs', 'outbound', 'queues', 'rarity', 'realtime', 'scans'];

const FRONTEND_IMPORTS =
  'The web app imports only @nexus/contract of ours (wire types and shared rules), never the server code.';
const CONTRACT_IMPORTS = 'The contract imports nothing of ours: backend, workers and the web app import it.';
const FETCH_LAYER =
  'Chain and media share the outbound fetch layer (backend/src/outbound); neither imports the other.';

/**
 * Every React Hooks rule the plugin recommends, as an error (the React Compiler's included), but
 * two, as warnings: setState called in an effect, whose findings need more than a one-line fix in
 * screens being reworked (home-route, search-form, use-collection-rarity, promo-bar-admin-page), and
 * the note that the compiler leaves a component using react-hook-form's watch() unmemoized
 * (whitelist-form), which is no defect.
 */
const WARNING_HOOK_RULES = new Set(['react-hooks/set-state-in-effect', 'react-hooks/incompatible-library']);
const reactHooksRules = Object.fromEntries(
  Object.keys(reactHooks.configs.flat['recommended-latest'].rules).map((rule) => [
    rule,
    WARNING_HOOK_RULES.has(rule) ? 'warn' : 'error',
  ]),
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
          zones: [
            { target: './frontend', from: ['./backend', './workers', './deploy'], message: FRONTEND_IMPORTS },
            {
              target: './contract',
              from: ['./backend', './workers', './deploy', './frontend'],
              message: CONTRACT_IMPORTS,
            },
            { target: './backend/src/media', from: './backend/src/chain', message: FETCH_LAYER },
            { target: './backend/src/chain', from: './backend/src/media', message: FETCH_LAYER },
            {
              target: './backend/src/outbound',
              from: ['./backend/src/chain', './backend/src/media'],
              message: FETCH_LAYER,
            },
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
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@nexus/*'], message: CONTRACT_IMPORTS }] }],
    },
  },
  {
    // One surface per domain: no file of another folder reaches into a domain's internals. The
    // entity list of the database module names each entity file, by design.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/database/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A domain's test fakes (`testing/`) serve the tests of its neighbours too.
              regex: `^(\\.\\./)+(${SURFACED_DOMAINS.join('|')})/(?!index\\.js$|testing/)`,
              message: 'Import another domain through its surface (its index.js), not one of its files.',
            },
          ],
        },
      ],
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
