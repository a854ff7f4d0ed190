import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**', 'dist/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
