/** One jest run for the server side: contract, backend, workers, dev-chain tooling, end-to-end. */
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

export default {
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      extensionsToTreatAsEsm: ['.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper: {
        ...contract,
        '^@nexus/backend/(.*)\\.js$': '<rootDir>/backend/src/$1',
        '^@nexus/deploy/(.*)\\.js$': '<rootDir>/deploy/$1',
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
      roots: [
        '<rootDir>/contract',
        '<rootDir>/backend',
        '<rootDir>/workers',
        '<rootDir>/deploy',
        '<rootDir>/test',
        '<rootDir>/frontend',
      ],
      testMatch: ['**/*.spec.ts', '**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
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
  ],
};
