// One linter config for every workspace (docs/style.md §6).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import local from './scripts/eslint/no-literal-text.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app's layers (docs/style.md §1; decision 019): a feature imports only
    // components/, lib/, sync/ and the shared package, never another feature; only app/ (the
    // router) composes features. Test files may reach across (they mount whole screens).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'web/src/testing/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: path.join(import.meta.dirname, 'web/tsconfig.json') } },
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['web/src/**/*', 'shared/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'sync', pattern: 'web/src/sync' },
        { type: 'components', pattern: 'web/src/components' },
        { type: 'lib', pattern: 'web/src/lib' },
        { type: 'shared', pattern: 'shared/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: {
                to: { element: { types: ['app', 'feature', 'components', 'lib', 'sync', 'shared'] } },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { types: ['components', 'lib', 'sync', 'shared'] } } },
                // The page table (app/pages.ts: paths, titles, roles) is plain data features link with.
                { to: { element: { type: 'app', fileInternalPath: 'pages.ts' } } },
                {
                  to: {
                    element: {
                      type: 'feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                },
              ],
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: ['components', 'lib', 'sync', 'shared'] } } },
            },
            {
              from: { element: { type: 'sync' } },
              allow: { to: { element: { types: ['sync', 'components', 'lib', 'shared'] } } },
            },
            {
              from: { element: { type: 'lib' } },
              allow: { to: { element: { types: ['lib', 'components', 'shared'] } } },
            },
          ],
        },
      ],
    },
  },
  {
    // One spelling of the shared package per workspace (docs/style.md §1). The web imports the
    // module it needs (`@shared/contract/public.ts`): its chunks then carry only what they use,
    // and zod stays out of the first one (decision 020). The server, the service worker and the
    // end-to-end suite import the package (`@tournament/shared`); `@shared/` is the web's alias.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tournament/shared',
              message: "In web/src import the module itself: '@shared/<folder>/<module>.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/**/*.ts', 'sw/**/*.ts', 'e2e/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@shared/*'], message: "Outside web/src import '@tournament/shared'." }] },
      ],
    },
  },
  {
    // Every text a person reads comes from the catalog, in the page's language (decision 037):
    // scripts/eslint/no-literal-text.js.
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'web/src/testing/**'],
    plugins: { local },
    rules: { 'local/no-literal-text': 'error' },
  },
  {
    // Tests read JSON answers loosely (their assertions check the shape).
    files: ['**/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/cli/**', '**/bench/**', 'e2e/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
