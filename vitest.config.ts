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
    // Libraries that import React go through the aliases too (one Preact, not React beside it).
    server: { deps: { inline: [/@mantine\//, /react-router/, /react-i18next/, /@tanstack\/react-query/] } },
  },
});
