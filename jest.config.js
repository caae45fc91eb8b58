/** Jest for the whole tree: contract, backend, workers, dev-chain tooling, end-to-end, web app. */
const tsJest = [
  'ts-jest',
  {
    useESM: true,
    tsconfig: {
      module: 'esnext',
      moduleResolution: 'bundler',
      target: 'ES2022',
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      isolatedModules: true,
      esModuleInterop: true,
      resolveJsonModule: true,
    },
  },
];

/** React components (frontend/**\/*.test.tsx) render in jsdom with the automatic JSX runtime. */
const tsJestReact = [
  'ts-jest',
  {
    ...tsJest[1],
    tsconfig: { ...tsJest[1].tsconfig, jsx: 'react-jsx', lib: ['ES2023', 'DOM', 'DOM.Iterable'] },
  },
];

const contract = { '^@nexus/contract$': '<rootDir>/contract/src/index.ts' };

const server = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: {
    ...contract,
    '^@nexus/backend/jobs$': '<rootDir>/backend/src/jobs/index.ts',
    '^@nexus/deploy/(.*)\\.js$': '<rootDir>/deploy/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/**
 * Plain Node instead of jest's VM: each worker imports the test files natively and keeps its module
 * graph from file to file (loading NestJS, viem and MikroORM again for each file cost more than most
 * files' tests). TypeScript through test/support/node-ts, which `npm test`, `npm run test:unit` and
 * `npm run jest` preload; no module mocks and no per-file globals, which no server test uses.
 */
const plainNode = {
  runner: 'jest-light-runner',
  setupFilesAfterEnv: ['<rootDir>/test/support/node-ts/jest-object.mjs'],
};

/** PostgreSQL, Redis and the dev chains: a fresh migrated test database, the chains on the test ports. */
const services = {
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Each worker on its own slot: database, dev chains, ports (test/slots.mjs).
  setupFiles: ['<rootDir>/test/worker-slot.mjs'],
};

/**
 * Four projects, selectable with --selectProjects (npm run test:unit / test:integration / test:e2e):
 * - unit: `*.unit.spec.ts` and the web app's logic tests; no database, Redis or chain, seconds;
 * - integration: every other `*.spec.ts`, against real PostgreSQL, Redis and the dev chains;
 * - e2e: `test/e2e`, the built API and workers as processes, and Chromium;
 * - web: React components in jsdom;
 * - faults (only with NEXUS_FAULTS=1, npm run test:faults): the fault-injection suite.
 * The services start only when a selected project needs them.
 */
export default {
  // Also the bound test/support/node-ts/jest-object.mjs gives the plain-Node projects' tests.
  testTimeout: 60000,
  // One worker unless told (npm test runs two, each on its own slot: see test/slots.mjs).
  maxWorkers: 1,
  // The VM projects' (web, faults) worker processes are restarted once a file leaves more than this
  // in use: jest's ESM module registries are not all given back between files.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...server,
      displayName: 'unit',
      ...plainNode,
      roots: [
        '<rootDir>/contract',
        '<rootDir>/backend',
        '<rootDir>/workers',
        '<rootDir>/test',
        '<rootDir>/frontend',
        '<rootDir>/deploy',
      ],
      testMatch: ['**/*.unit.spec.ts', '<rootDir>/frontend/src/**/*.test.ts'],
    },
    {
      ...server,
      ...services,
      displayName: 'integration',
      ...plainNode,
      roots: ['<rootDir>/contract', '<rootDir>/backend', '<rootDir>/workers', '<rootDir>/deploy'],
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: [...server.testPathIgnorePatterns, '\\.unit\\.spec\\.ts$'],
    },
    {
      ...server,
      ...services,
      displayName: 'e2e',
      ...plainNode,
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      transform: { '^.+\\.tsx?$': tsJestReact },
      // The contract's sources import each other with .js suffixes (NodeNext), as on the server.
      moduleNameMapper: {
        ...contract,
        '\\.css$': '<rootDir>/frontend/test/style.stub.js',
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
      roots: ['<rootDir>/frontend'],
      testMatch: ['**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      setupFiles: ['<rootDir>/frontend/test/setup-dom.js'],
    },
    // The fault suite (npm run test:faults) brings up its own Redis, PostgreSQL and chains and breaks
    // them on purpose; it takes minutes, so it is not part of npm test.
    ...(process.env.NEXUS_FAULTS === '1'
      ? [
          {
            ...server,
            // The dev chains (and the slot's test database, unused: each scenario has its own).
            ...services,
            displayName: 'faults',
            roots: ['<rootDir>/test'],
            testMatch: ['<rootDir>/test/faults/**/*.faults.test.ts'],
            testTimeout: 600000,
          },
        ]
      : []),
  ],
};
