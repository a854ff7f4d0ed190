/**
 * The app as production serves it: nginx with the repo's deployment config (deploy/nginx), HTTPS with
 * a self-signed certificate, HTTP/2, in front of this worker's mock. Headers, caching, the history
 * fallback, compression, the socket's WebSocket upgrade through the proxy, and the main flow: log
 * in, trade, see the balance change live.
 */
import type { APIResponse } from '@playwright/test';
import { test as base, expect } from '../fixtures/server.ts';
import { staticDir } from '../fixtures/server.ts';
import { submitLogin, toast } from '../fixtures/helpers.ts';
import { createApi } from '../fixtures/api.ts';
import { startNginx, type RunningNginx } from '../../deploy/nginx/serve.ts';

const test = base.extend<object, { nginx: RunningNginx }>({
  nginx: [
    async ({ server }, use) => {
      const nginx = await startNginx({ port: 0, upstream: new URL(server.baseURL).host, dist: staticDir });
      await use(nginx);
      await nginx.stop();
    },
    { scope: 'worker' },
  ],
  // The app from nginx: every relative path of these tests goes there.
  baseURL: async ({ nginx }, use) => use(`${nginx.origin}/h5/`),
  ignoreHTTPSErrors: true,
});

const CSP = /^default-src 'self'; script-src 'self'; .*connect-src 'self' wss:\/\/localhost:\d+; .*frame-ancestors 'none'/;

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['strict-transport-security'], what).toBe('max-age=31536000');
  expect(h['content-security-policy'], what).toMatch(CSP);
}

test('pages and files: headers, caching, the history fallback and the precompressed copies', async ({ request, nginx }) => {
  const encoding = nginx.brotli ? 'br' : 'gzip';
  const index = await request.get('', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toMatch(/^text\/html/);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-encoding']).toBe(encoding);
  expectSecurityHeaders(index, 'index.html');
  const html = await index.text();

  // A deep link is the app (the client routes); a missing file is a 404, not the app.
  const deep = await request.get('pages/market/kline?symbol=BTC/USDT');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toBe(html);
  expectSecurityHeaders(deep, 'a deep link');
  expect((await request.get('assets/missing-0000.js')).status()).toBe(404);
  expect((await request.get('missing.png')).status()).toBe(404);

  // The app's entry script (after React's own, web/build/reactFirst.ts): hashed, immutable, the .br
  // (or .gz) copy as it is.
  const entry = /<script type="module" crossorigin src="\/h5\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const script = await request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-encoding']).toBe(encoding);
  expectSecurityHeaders(script, entry!);
  // Without asking for compression: the file itself.
  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();

  // Deployment settings, the worker and the manifest are checked on every load.
  for (const file of ['config.js', 'sw.js', 'manifest.webmanifest', 'theme.js']) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expect(res.headers()['cache-control'], file).toBe('no-cache');
    expectSecurityHeaders(res, file);
  }
  expect((await request.get('manifest.webmanifest')).headers()['content-type']).toMatch(/^application\/manifest\+json/);

  // The API through the proxy, with the mock's own headers.
  const settings = await request.get('../api/settings');
  expect(settings.status()).toBe(200);
  expect(settings.headers()['cache-control']).toBe('no-store');
  expect(((await settings.json()) as { type: string }).type).toBe('ok');
  // The root goes to the app.
  const root = await request.get('/', { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers()['location']).toMatch(/\/h5\/$/);
});

test('the main flow over HTTP/2: log in, trade, and the balance changes live through the WebSocket', async ({ page, nginx }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('pages/mine/login');
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
  await submitLogin(page);
  await expect(page.getByTestId('tab-home')).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const api = createApi(page.request, '..');
  expect((await api.call('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '1000' } })).type).toBe('ok');

  await page.goto('pages/trade/trade?symbol=BTC/USDT');
  const available = page.getByTestId('trade-available');
  await expect(available).toHaveText(/1,000\.00 USDT/);
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('100');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order filled')).toBeVisible();
  await expect(available).toHaveText(/^\u2068?900\.\d\d USDT\u2069?$/);

  // Money moved by another device shows here at once: pushed over the socket, through nginx.
  expect((await api.call('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '50' } })).type).toBe('ok');
  await expect(available).toHaveText(/^\u2068?950\.\d\d USDT\u2069?$/);
  expect(sockets.some((url) => url.startsWith(`wss://localhost:${nginx.port}/socket.io/`))).toBe(true);
});
