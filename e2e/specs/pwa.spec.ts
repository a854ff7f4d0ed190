/**
 * The installable app: the manifest and its icons, the service worker (web/build/pwa.ts,
 * web/src/pwa) serving the shell offline, the update prompt of a new deploy, and the last known
 * prices marked stale while offline.
 *
 * Service workers are blocked in every other spec (playwright.config.ts); here they are allowed,
 * and this file runs its own server on a copy of the build, so a test can deploy a "new version"
 * (other bytes of sw.js and index.html) without touching the build other specs use.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createServer } from '../../mock-server/src/http/server.ts';
import { writeCompressed } from '../../web/build/precompress.ts';
import { controlClient, expect as baseExpect, staticDir, test as base, type MockServer } from '../fixtures/server.ts';

// The worker's install downloads the whole bundle (precache) while the page loads: more time on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const test = base.extend<{ deploy: () => void }, { buildCopy: string; server: MockServer }>({
  /** A copy of the build, which a test may "deploy" over. */
  buildCopy: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'h5-pwa-'));
      cpSync(staticDir, dir, { recursive: true });
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ buildCopy }, use) => {
      const { app, host } = await createServer({ staticDir: buildCopy, world: { freezeClock: false } });
      host.start();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      try {
        await use({ baseURL, control: controlClient(baseURL) });
      } finally {
        await app.close();
      }
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  /** Deploys a "new version": index.html and sw.js (and their precompressed copies) change as a new build changes them. */
  deploy: async ({ buildCopy }, use) => {
    const sw = join(buildCopy, 'sw.js');
    const index = join(buildCopy, 'index.html');
    const [swBefore, indexBefore] = [readFileSync(sw, 'utf8'), readFileSync(index, 'utf8')];
    await use(() => {
      writeFileSync(index, indexBefore.replace('</body>', '<!-- build v2 --></body>'));
      const next = swBefore.replace(/\{url:"index\.html",revision:"[0-9a-f]+"\}/, '{url:"index.html",revision:"v2"}');
      expect(next, 'sw.js precaches index.html with a revision').not.toBe(swBefore);
      writeFileSync(sw, next);
      for (const file of [index, sw]) writeCompressed(file);
    });
    writeFileSync(sw, swBefore);
    writeFileSync(index, indexBefore);
    for (const file of [index, sw]) writeCompressed(file);
  },
});

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 60_000 });

/** Waits until the service worker controls the page and has cached what the page loaded. */
async function installed(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // The dictionary the page loaded before the worker took over goes to the runtime cache (CACHE_URLS).
  await expect
    .poll(() => page.evaluate(async () => (await caches.has('h5-assets')) && (await (await caches.open('h5-assets')).keys()).length), { timeout: 10_000 })
    .toBeTruthy();
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the manifest is linked and valid, and its icons load', async ({ page, request }) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/h5/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  // The browser's bar follows the chosen theme (both metas), from the switch and before the app starts (theme.js).
  await expect(page.locator('meta[name="theme-color"][content="#ffffff"]')).toHaveCount(2);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('meta[name="theme-color"][content="#102030"]')).toHaveCount(2);
  await page.reload();
  await expect(page.locator('meta[name="theme-color"][content="#102030"]')).toHaveCount(2);

  const res = await request.get(new URL(href!, page.url()).href);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest.name).toBeTruthy();
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.display).toBe('standalone');
  expect(manifest.scope).toBe('/h5/');
  expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // Installable in Chromium: 192 and 512 px, and a maskable one for Android's adaptive icons.
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const img = await request.get(new URL(icon.src, res.url()).href);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    expect(pngSize(await img.body())).toBe(icon.sizes);
  }

  // The worker script is never cached by HTTP (a new deploy must be seen at once).
  const sw = await request.get('sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('offline: prices stay, marked stale; the app starts from the cached shell with the last prices', async ({ page, context }) => {
  await page.goto('pages/market/market');
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  await installed(page);
  await expect(page.getByTestId('prices-stale')).toHaveCount(0);

  await context.setOffline(true);
  const note = page.getByTestId('prices-stale');
  await expect(note).toBeVisible();
  await expect(note).toHaveText(/^Prices as of \d\d:\d\d:\d\d — offline$/);
  await expect(page.getByTestId('ticker-price').first()).toBeVisible();
  await expect(page.locator('[data-stale]').first()).toBeVisible();

  // Launched offline: the shell comes from the worker, the prices from the last snapshot.
  await page.goto('./');
  await expect(page.getByTestId('tab-home')).toBeVisible();
  await expect(page.getByTestId('headline-price').first()).toBeVisible();
  // "offline" on a phone; in Playwright a page loaded while offline still reports navigator.onLine,
  // so there the line says "not updating" once the live feed has been down for a few seconds.
  await expect(page.getByTestId('prices-stale')).toHaveText(/^Prices as of \d\d:\d\d:\d\d — (offline|not updating)$/, { timeout: 10_000 });
  await expect(page.locator('[data-stale]').first()).toBeVisible();
  // No API answer was cached: the API is simply unreachable.
  const api = await page.evaluate(() =>
    fetch('/api/market/tickers').then(
      (r) => r.status,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');

  // Back online: live again, the stale marking goes.
  await context.setOffline(false);
  await expect(page.getByTestId('prices-stale')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('[data-stale]')).toHaveCount(0);
});

test('a new deploy offers "Reload", which switches to the new version', async ({ page, deploy }) => {
  await page.goto('./');
  await installed(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  deploy();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('A new version is available');
  // Not blocking: the page underneath still works.
  await page.getByTestId('tab-market').click();
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();

  await page.getByTestId('update-reload').click();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  await expect.poll(() => page.content(), { timeout: 20_000 }).toContain('<!-- build v2 -->');
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
});
