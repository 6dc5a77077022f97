const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const globals = require('globals');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

/** Every remote's folder: a team adds one by adding its folder (platform/src/apps.ts). */
const REMOTES = readdirSync(__dirname).filter(
  (entry) => entry.startsWith('remote-') && existsSync(path.join(__dirname, entry, 'package.json')),
);

/** Remotes and the host may reach each other only through @rentora/state and the federation runtime. */
const BETWEEN_APPS = [
  {
    regex: `^(\\.\\./)+(${[...REMOTES, 'host', 'api'].join('|')})/`,
    message: 'Apps talk only through @rentora/state stores and the federation runtime.',
  },
  {
    // shared/calendar is its own entry so that only the pages that draw it (detail, booking) carry it;
    // shared/operator (the operator side's shapes) so that only the operator remote does.
    regex:
      '^@rentora/(?!shared$|shared/calendar$|shared/operator$|shared/styles/|shared/testing/|state$|state/router$|state/standalone$|state/testing/)',
    message:
      'In the browser import the roots of @rentora/shared and @rentora/state, @rentora/shared/calendar, @rentora/shared/operator, @rentora/state/router and (standalone pages) @rentora/state/standalone.',
  },
  { regex: '^(\\.\\./){3,}', message: 'Deep relative imports: move the code or import it from its package.' },
];

const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing/**'];

/**
 * App code reaches the router, the stores' library and its add-ons (the React binding, the fetcher
 * stores) through the shared singleton, which ships one copy of each with only what the apps use;
 * tests may build their own routers.
 */
const ROUTER = {
  regex: '^(react-router(-dom)?(/.*)?|nanostores(/.*)?|@nanostores/.+)$',
  message:
    'Import the router from @rentora/state/router, and useStore and nanoquery from @rentora/state: one shared copy each.',
};

function featuresOf(app) {
  const dir = path.join(__dirname, app, 'src/features');
  return existsSync(dir) ? readdirSync(dir).filter((entry) => !entry.includes('.')) : [];
}

/**
 * Layers inside an app, one way only: app/ and exposed/ compose features/ (and the host's
 * pages/), which use lib/. A feature never reaches into another feature: what two features share
 * moves to lib/. Only tests import testing/.
 */
function layersOf(app) {
  const src = `${app}/src`;
  const restrict = (patterns, { test = false } = {}) => ({
    'no-restricted-imports': ['error', { patterns: [...BETWEEN_APPS, ...(test ? [] : [ROUTER]), ...patterns] }],
  });
  const upward = (layers, layer) => ({
    regex: `^(\\.\\./)+(${layers.join('|')})/`,
    message: `${layer} may not import ${layers.join(', ')}: app → features → lib.`,
  });
  const testing = { regex: '(^|/)testing/', message: 'Only tests import testing/.' };
  return [
    { files: [`${src}/**/*.{ts,tsx}`], rules: restrict([testing]) },
    {
      files: [`${src}/lib/**/*.{ts,tsx}`],
      rules: restrict([testing, upward(['app', 'exposed', 'pages', 'features'], 'lib/')]),
    },
    {
      files: [`${src}/pages/**/*.{ts,tsx}`],
      rules: restrict([testing, upward(['app', 'exposed', 'features'], 'pages/')]),
    },
    ...featuresOf(app).map((feature) => {
      const others = featuresOf(app).filter((other) => other !== feature);
      const patterns = [testing, upward(['app', 'exposed', 'pages', 'features'], 'features/')];
      if (others.length > 0) {
        patterns.push({
          regex: `^(\\.\\./)+(${others.join('|')})/`,
          message: `features/${feature} may not import another feature's internals: move what both need to lib/.`,
        });
      }
      return { files: [`${src}/features/${feature}/**/*.{ts,tsx}`], rules: restrict(patterns) };
    }),
    { files: TEST_FILES.map((pattern) => `${src}/${pattern}`), rules: restrict([], { test: true }) },
  ];
}

const boundaries = [...REMOTES, 'host'].flatMap(layersOf);

const relativeInto = (folders) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message: 'Workspaces import each other by package name and exports only (@rentora/api/app, …).',
});

/**
 * The libraries the apps share, each a layer of its own: @rentora/shared is the bottom one and
 * imports no other workspace; @rentora/state builds on @rentora/shared alone. Neither knows an app.
 */
/** A relative import out of a library's `src/` into another workspace (its own `api/` folder is its own). */
const outOfLibrary = (folders) => ({
  regex: `^(\\.\\./){2}(${folders.join('|')})/`,
  message: 'Workspaces import each other by package name and exports only.',
});

const libraryBoundaries = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    patterns: [
      outOfLibrary(['state', 'api', 'platform', 'host', ...REMOTES]),
      {
        regex: '^@rentora/(?!shared(/|$))',
        message: '@rentora/shared is the bottom layer: it imports no other workspace.',
      },
    ],
  },
  {
    files: ['state/**/*.{ts,tsx}'],
    patterns: [
      outOfLibrary(['shared', 'api', 'platform', 'host', ...REMOTES]),
      {
        regex: '^@rentora/(?!shared(/|$)|state(/|$))',
        message: '@rentora/state builds on @rentora/shared alone: it knows no app, no API code and no tooling.',
      },
    ],
  },
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));

/** The API is the API alone; the platform reaches it only through @rentora/api's exports. */
const nodeBoundaries = [
  {
    files: ['api/**/*.ts'],
    patterns: [
      relativeInto(['platform', ...REMOTES, 'host']),
      { regex: '^@rentora/platform', message: 'The API never depends on the platform tooling.' },
    ],
  },
  { files: ['platform/**/*.ts'], patterns: [relativeInto(['api', ...REMOTES, 'host'])] },
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['./*/tsconfig.json', './*/tsconfig.test.json', './tsconfig.e2e.json'],
        }),
      ],
    },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
      // Each workspace's app and test configs, and the browser suite's: every file is checked with its own types.
      parserOptions: {
        project: ['./*/tsconfig.json', './*/tsconfig.test.json', './tsconfig.e2e.json'],
        tsconfigRootDir: __dirname,
      },
    },
    rules: {
      // Fastify plugins and our async interfaces are async by contract, with or without an await;
      // what matters, a promise nobody handles, is no-floating-promises' and no-misused-promises' job.
      '@typescript-eslint/require-await': 'off',
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      // Leaving fields out of an object by destructuring the rest is how a shape drops what it does not carry.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      // Modules that import each other, however far round, cannot be understood or loaded one at a time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A relative import into another workspace, however deep the importing file (the zones'
      // patterns below count `../` and say why; this one reads the package.json boundaries).
      'import-x/no-relative-packages': 'error',
    },
  },
  { ...tseslint.configs.disableTypeChecked, files: ['**/*.js'] },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Jest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any` by design.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/testing/**', 'e2e/**', '**/bench/**', 'platform/src/{launch,perf,fonts}/**'],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
  ...libraryBoundaries,
  ...nodeBoundaries,
  {
    // `npm run perf`'s reference (issue 45): Rentora as one ordinary bundle, built from the host's
    // and the remotes' own source files, is the one place outside an app that imports them.
    files: ['platform/src/perf/single-bundle/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off', 'import-x/no-relative-packages': 'off' },
  },
);
