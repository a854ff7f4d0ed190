/**
 * End-to-end tests: the built app (dist/h5) in real Chromium at a phone's size, against the mock
 * server that each worker starts in-process (see fixtures/server.ts), so there is no webServer.
 * Run with `npm run test:e2e` (builds first) or `npx playwright test -c e2e/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './fixtures/chromium.ts';

const ci = !!process.env.CI;

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  forbidOnly: ci,
  workers: 2,
  // On CI a failing test runs once more, to record its trace (below). A test that passes only on the
  // retry is a flake to fix, not a pass: the run fails all the same.
  retries: ci ? 1 : 0,
  failOnFlakyTests: ci,
  // `npm test` (scripts/test.ts) also asks for a JSON report, for its slowest tests.
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    // Recording a trace costs about a quarter of the suite's CPU: only the retry of a failure records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions({ headlessShell: true }),
    // The built app's service worker (web/src/pwa) caches the shell and bundle: blocked, so no test
    // runs a bundle cached by an earlier build; e2e/specs/pwa.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium' }],
});
