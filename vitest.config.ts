import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { dictionaries } from './web/build/dictionaries.ts';
import { mantineTheme } from './web/build/mantineTheme.ts';

export default defineConfig({
  plugins: [dictionaries(), mantineTheme()],
  test: {
    exclude: ['**/node_modules/**', 'e2e/**', 'dist/**'],
    environment: 'node',
    projects: [
      // The mock, the kits, codegen and the shared rules: plain Node modules whose tests make their
      // own worlds and servers, so their files share one module graph per worker (not loaded again
      // for each file: 20 s less of a 100 s run on two cores).
      { extends: true, test: { name: 'node', include: ['{mock-server,kit,codegen,common,scripts}/**/*.test.ts'], isolate: false } },
      // The app: each file in a fresh module graph, since the client, i18n and the DOM keep state.
      { extends: true, test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'] } },
    ],
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
  },
});
