// One Jest run for every workspace: the API and the platform in Node, the apps in jsdom against the real API.
const { availableParallelism } = require('node:os');
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // These ship ESM only (nanostores and its companions; @fastify/static's content-disposition).
  transformIgnorePatterns: ['/node_modules/(?!(nanostores|@nanostores|nanoevents|content-disposition)/)'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '\\.(svg|webp|jpg|png|woff2)$': '<rootDir>/shared/src/testing/file-stub.ts',
  },
  rootDir: __dirname,
};

const node = (name, folders = ['src']) => ({
  ...common,
  displayName: name,
  roots: folders.map((folder) => `<rootDir>/${name}/${folder}`),
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/shared/src/testing/fail-on-console-error.ts'],
});

const dom = (name, setupFiles = []) => ({
  ...common,
  displayName: name,
  roots: [`<rootDir>/${name}/src`],
  testEnvironment: '<rootDir>/shared/src/testing/jsdom-with-fetch.ts',
  // Each worker's own API (the global setup starts one per worker).
  setupFiles: ['<rootDir>/api/src/testing/jest-worker-setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/state/src/testing/setup-dom.ts', ...setupFiles],
  testPathIgnorePatterns: ['/node_modules/', '/contract\\.[a-z]+\\.test\\.ts$'],
});

/** @type {import('jest').Config} */
module.exports = {
  // Two workers even on two cores (Jest's default there is one): the suites wait on their API and
  // database as much as they compute, and tests hash passwords cheaply (ADR 0026). The component
  // suites of each worker have an API and a SQLite file of their own (api/src/testing/
  // jest-global-setup.ts): on one shared API, two workers booked each other's days.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  globalSetup: '<rootDir>/api/src/testing/jest-global-setup.ts',
  globalTeardown: '<rootDir>/api/src/testing/jest-global-teardown.ts',
  projects: [
    // The bench's smoke test runs its every row once, briefly (api/bench/api-bench.test.ts).
    node('api', ['src', 'bench']),
    node('platform'),
    node('razorpay-standin'),
    {
      // The host–remote contract checked by the TypeScript compiler and the built manifests, in Node.
      ...common,
      displayName: 'contract',
      roots: ['<rootDir>/state/src'],
      testMatch: ['**/contract.*.test.ts'],
      testEnvironment: 'node',
    },
    dom('shared'),
    dom('state'),
    dom('host'),
    dom('remote-catalog'),
    dom('remote-booking'),
    dom('remote-account'),
    // Its own API client (for the operator paths, which need a token) is pointed at the test API too.
    dom('remote-operator', ['<rootDir>/remote-operator/src/testing/setup-operator-api.ts']),
  ],
};
