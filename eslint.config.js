import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const noDeepImports = {
  group: ['@pfahlplaner/*/src/*', '**/packages/*/src/**', '**/apps/*/src/**'],
  message: 'Import other packages only through their public entry point (@pfahlplaner/<name>).',
};

/** What the web app may not import: other packages' insides, the server, the database, Node. */
const webPatterns = [
  noDeepImports,
  {
    group: ['@pfahlplaner/server', 'drizzle-orm', 'drizzle-orm/*', 'node:*'],
    message: 'The web app talks to the server only over HTTP.',
  },
];

const antdDrawer = {
  name: 'antd',
  importNames: ['Drawer'],
  message:
    'Use AppDrawer (components/AppDrawer.tsx): it does not take focus back from the element the user clicked after closing (ADR 0203).',
};

/**
 * Comments name the ADR or document that holds a decision, never a tracker number: it means nothing to a reader
 * of the code (CONTRIBUTING.md). A local rule, because the built-in warning-comment rule matches fixed words.
 */
const pfahlplaner = {
  rules: {
    'no-issue-numbers': {
      meta: { type: 'suggestion', schema: [] },
      create: (context) => ({
        Program: () => {
          for (const comment of context.sourceCode.getAllComments()) {
            if (/\bissues? #?\d+/i.test(comment.value)) {
              context.report({
                loc: comment.loc,
                message:
                  'Name the ADR or document that holds the decision instead of an issue number (CONTRIBUTING.md).',
              });
            }
          }
        },
      }),
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'reports/**',
      'data/**',
      '**/drizzle/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      curly: ['error', 'multi-line'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-imports': ['error', { patterns: [noDeepImports] }],
      'pfahlplaner/no-issue-numbers': 'error',
    },
    plugins: { pfahlplaner },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The engine is pure: no I/O, no clock, no randomness, no other workspace package.
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message: 'The engine does no I/O.',
            },
            {
              group: ['@pfahlplaner/*'],
              message: 'The engine imports no other workspace package.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'process',
        'console',
        'setTimeout',
        'setInterval',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine has no clock.' },
        { object: 'Math', property: 'random', message: 'The engine is deterministic.' },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: ['@pfahlplaner/server', '@pfahlplaner/web', 'node:*'],
              message: 'contracts is shared, pure code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Codecs: bytes ⇄ contracts types. No file system, no network, no app code (ADR 0003, docs/ARCHITECTURE.md).
    files: ['packages/formats/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: [
                'node:*',
                'fs',
                'fs/*',
                'path',
                'os',
                'child_process',
                'http',
                'https',
                'net',
              ],
              message: 'formats does no I/O.',
            },
            {
              group: ['@pfahlplaner/server', '@pfahlplaner/web', '@pfahlplaner/cli'],
              message: 'formats may import contracts and engine only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'XMLHttpRequest', 'WebSocket'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: webPatterns,
          paths: [antdDrawer],
        },
      ],
    },
  },
  {
    // The one place that wraps antd's Drawer (ADR 0203).
    files: ['apps/web/src/components/AppDrawer.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webPatterns,
        },
      ],
    },
  },
  {
    // Server layering (ADR 0180): helpers, the database schema and the configuration know no feature module.
    files: [
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/config.ts',
      'apps/server/src/calc-server-config.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: ['#app/modules/*', '**/modules/**'],
              message: 'lib/, db/ and config know no feature module (ADR 0180).',
            },
          ],
        },
      ],
    },
  },
  {
    // Files above ~400 lines are split by job (ADR 0180). Data catalogues and tests are exempt.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/engine/src/tables/**', 'e2e/**'],
    rules: { 'max-lines': ['warn', { max: 450, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The field catalogues are data (one entry per field, like engine/src/tables), exempt from the limit
    // (ADR 0180); every other file stays under it.
    files: ['packages/contracts/src/fields/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    // These projects share one module registry per test worker (ADR 0202): a mock or a stubbed global would
    // leak into the next test file, so their tests use real parts only.
    files: [
      'packages/engine/**/*.test.ts',
      'packages/contracts/**/*.test.ts',
      'packages/formats/**/*.test.ts',
      'apps/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)$/]",
          message:
            'Tests of this project share one module registry per worker (isolate: false, ADR 0202): no mocks, stubs or fake timers.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
