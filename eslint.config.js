const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

const REMOTES = ['remote-catalog', 'remote-booking', 'remote-account'];

/** Remotes and the host may reach each other only through @rentora/shared and the federation runtime. */
const boundaries = [...REMOTES, 'host'].map((app) => ({
  files: [`${app}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${[...REMOTES, 'host', 'api'].join('|')})/`,
            message: 'Apps talk only through @rentora/shared stores and the federation runtime.',
          },
          {
            regex: '^@rentora/(?!shared$|shared/styles/|shared/testing/)',
            message: 'In the browser import only the root of @rentora/shared (it is a federation singleton).',
          },
          { regex: '^(\\.\\./){3,}', message: 'Deep relative imports: move the code or import it from its package.' },
        ],
      },
    ],
  },
}));

const relativeInto = (folders) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message: 'Workspaces import each other by package name and exports only (@rentora/api/app, …).',
});

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
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/testing/**', 'e2e/**', '**/bench/**', '**/launch/**'], rules: { 'no-console': 'off' } },
  ...boundaries,
  ...nodeBoundaries,
);
