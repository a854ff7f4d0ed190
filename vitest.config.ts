import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './web/build/preact.ts';
import { dictionaries } from './web/build/dictionaries.ts';

export default defineConfig({
  plugins: [dictionaries()],
  resolve: {
    // Under Node, react-router's exports map gives its CommonJS build, whose `require('react')` no
    // alias sees: take its ES module (react-router-dom only re-exports it).
    alias: [
      ...preactAliases,
      { find: /^react-router(-dom)?$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
    ],
  },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**', 'dist/**'],
    environment: 'node',
    testTimeout: 20_000,
    // One file per core: Vitest's default leaves one core free, which on a two-core machine runs
    // every file one after another (200 s instead of 130 s).
    maxWorkers: availableParallelism(),
    // With --coverage (`npm run coverage`): what the unit tests run of the mock's domain and the app.
    coverage: {
      provider: 'v8',
      include: ['mock-server/src/domain/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}'],
      reporter: ['json-summary'],
    },
    // Libraries that import React go through the aliases too (one Preact, not React beside it).
    server: { deps: { inline: [/@mantine\//, /react-router/, /react-i18next/, /@tanstack\/react-query/] } },
  },
});
