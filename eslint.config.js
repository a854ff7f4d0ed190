/**
 * Lint: the TypeScript and React-hooks rules, and the boundaries of the architecture (DESIGN.md),
 * checked by a tool rather than by review:
 * - a feature never imports another feature (shared parts live in ui/ or lib/, composition in app/);
 * - the shared layers of the app (api, lib, ui, realtime, i18n, theme) import no feature and not app/;
 * - the mock's domain imports no adapter (core, http, realtime, msw, host) and no Node or DOM API;
 * - the app imports the mock only in its in-browser mock mode (web/src/mocks);
 * - no import cycles;
 * - no Mantine PasswordInput outside ui/PasswordField (its show/hide button would be in English).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'contracts/generated/**', 'web/public/**', 'test-results/**', 'playwright-report/**', 'e2e/.results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] })],
      // The files import-x reads for the imports of others: without these, no-cycle saw no .ts file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Cycles among the repo's own modules (libraries are not walked: 20 s of a 24 s lint went there).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./web/src/features/${f}`,
              from: './web/src/features',
              except: [`./${f}`],
              message: 'A feature does not import another feature: move the shared part to web/src/ui or web/src/lib, or compose in web/src/app.',
            })),
            ...['api', 'lib', 'ui', 'realtime', 'i18n', 'theme'].map((layer) => ({
              target: `./web/src/${layer}`,
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared layers of the app do not import features or app/.',
            })),
            {
              target: './mock-server/src/domain/**/!(*.test).ts',
              from: [
                './mock-server/src/core',
                './mock-server/src/http',
                './mock-server/src/realtime',
                './mock-server/src/msw',
                './mock-server/src/host.ts',
                './web',
              ],
              message: 'The domain imports no adapter: adapters call the domain, not the other way round.',
            },
            {
              // Unit tests may run the mock through msw; the in-browser mock mode lives in web/src/mocks.
              target: './web/src/{api,app,features,i18n,lib,realtime,theme,ui}/**/!(*.test).{ts,tsx}',
              from: './mock-server',
              message: 'The app imports the mock only in its in-browser mock mode (web/src/mocks).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['*.js', 'bench/**', 'scripts/**', 'codegen/**', 'e2e/**', 'mock-server/src/{http,main,host}*', 'mock-server/src/http/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['mock-server/src/domain/**', 'common/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'events'], message: 'The domain runs in Node and in the browser: no Node APIs.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator', 'location', 'process', 'Buffer', 'setTimeout', 'setInterval'],
    },
  },
  {
    // Mantine's PasswordInput labels its show/hide button in English: the app's PasswordField translates it.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/ui/PasswordField.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['PasswordInput'],
              message: "Use PasswordField (web/src/ui/PasswordField.tsx): its show/hide button is labelled in the user's language.",
            },
          ],
        },
      ],
    },
  },
  // Tests read answers of every shape loosely.
  { files: ['**/*.test.{ts,tsx}', 'mock-server/src/core/test-client.ts', 'codegen/examples.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic two; the React Compiler's rules (refs, set-state-in-effect…) are for apps compiled with it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
