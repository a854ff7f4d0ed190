/**
 * The reference docs at /__docs/ in a real browser: each page really renders (Redoc shows the REST
 * operations, the AsyncAPI component the Socket.IO events, the error catalogue its codes), at a
 * phone's and a desktop's size, without a request to any other host, a CSP violation or a page
 * error. Screenshots of each page at both sizes land in the test's output folder.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';

// Redoc renders the whole REST reference (95 operations) at once: about 5 s on an idle 2-core
// machine, several times that on a busy one.
test.describe.configure({ timeout: 60_000 });

interface Watch {
  foreign: string[];
  problems: string[];
}

/** Records requests to any other origin than the server's, CSP violations and page errors. */
function watch(page: Page, origin: string): Watch {
  const seen: Watch = { foreign: [], problems: [] };
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) seen.foreign.push(url);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy|Refused to/i.test(msg.text())) seen.problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => seen.problems.push(`page error: ${error.message}`));
  return seen;
}

interface DocPage {
  path: string;
  /** What shows that the page rendered, beyond its static HTML. */
  rendered: (page: Page) => Locator;
}

const pages: DocPage[] = [
  { path: '/__docs/', rendered: (page) => page.getByRole('link', { name: 'Realtime reference' }) },
  // Redoc's operation heading (the side menu's entry is hidden on a phone).
  { path: '/__docs/rest', rendered: (page) => page.locator('h2', { hasText: 'Place a spot order' }) },
  // The AsyncAPI component's rendering of the `tickers` operation.
  { path: '/__docs/realtime', rendered: (page) => page.locator('#asyncapi').getByText('Every listed ticker on subscribing').first() },
  { path: '/__docs/errors', rendered: (page) => page.locator('#placeOrder').getByText('insufficient_balance') },
  { path: '/__docs/control', rendered: (page) => page.locator('h2', { hasText: 'Replace the world with a fresh one' }) },
];

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const size of sizes) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const doc of pages) {
      test(`${doc.path} renders from this server alone`, async ({ page, server }, testInfo) => {
        const url = new URL(doc.path, server.baseURL);
        const seen = watch(page, url.origin);
        const res = await page.goto(url.href);
        expect(res?.status()).toBe(200);
        await expect(doc.rendered(page)).toBeVisible({ timeout: 45_000 });
        // What the page shows is in (its data arrives before it renders); wait for its fonts and
        // images, not for `networkidle`, which once never came in CI after the reference rendered.
        await page.evaluate(async () => {
          await document.fonts.ready;
          await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
        });
        await page.screenshot({ path: testInfo.outputPath(`${doc.path.replace(/\W+/g, '-')}${size.name}.png`) });
        expect(seen.foreign, 'requests to other hosts').toEqual([]);
        expect(seen.problems, 'console errors, CSP violations, page errors').toEqual([]);
        // Nothing wider than the window: readable without sideways scrolling.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(1);
      });
    }
  });
}

test('the realtime page lists each event with its x-socketio room', async ({ page, server }) => {
  await page.goto(new URL('/__docs/realtime', server.baseURL).href);
  const tickers = page.locator('#event-tickers');
  await expect(tickers).toContainText('tickers');
  await expect(tickers).toContainText('server → client');
  await expect(page.locator('#event-kline')).toContainText('kline:{symbol}:{period}');
  await expect(page.locator('#event-subscribe')).toContainText('SubscriptionAck');
});

test('the index links the contract files for download', async ({ page, server }) => {
  await page.goto(new URL('/__docs/', server.baseURL).href);
  const download = page.waitForEvent('download');
  await page.locator('a[download][href="/__docs/openapi.yaml"]').click();
  expect((await download).suggestedFilename()).toBe('openapi.yaml');
});
