/**
 * Security headers and the control API in a real browser: the app's pages and files carry the
 * Content-Security-Policy, nosniff and a referrer policy; under that policy the app renders with
 * its styles and its live data arrives over a WebSocket, without a single CSP violation; and a
 * page on another site can neither reset the world with a plain HTML form nor with a no-cors fetch.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response, WebSocket } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { PATHS } from '../fixtures/helpers.ts';

/** Collects every sign of a CSP violation: console messages and `securitypolicyviolation` events. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

/** Every response of the app's own files (under /h5/) and of the API, as the page loads. */
function watchResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith('/h5/') || path.startsWith('/api/')) seen.push(res);
  });
  return seen;
}

/** The Socket.IO WebSockets the page opens, and how many frames each received. */
function watchSockets(page: Page): Array<{ ws: WebSocket; frames: string[] }> {
  const sockets: Array<{ ws: WebSocket; frames: string[] }> = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    const entry = { ws, frames: [] as string[] };
    ws.on('framereceived', (f) => entry.frames.push(typeof f.payload === 'string' ? f.payload : ''));
    sockets.push(entry);
  });
  return sockets;
}

function expectedPolicy(host: string) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ws://${host} wss://${host}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

async function expectSecureHeaders(res: Response, host: string, { csp }: { csp: boolean }) {
  const headers = await res.allHeaders();
  const what = `${res.request().method()} ${new URL(res.url()).pathname}`;
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  if (csp) expect(headers['content-security-policy'], what).toBe(expectedPolicy(host));
}

const ROUTES = [
  { name: 'home', live: true, path: PATHS.home.slice(1), ready: (page: Page) => expect(page.getByTestId('headline-price')).toHaveCount(3) },
  { name: 'markets', live: true, path: PATHS.market.slice(1), ready: (page: Page) => expect(page.getByTestId('ticker-row').first()).toBeVisible() },
  { name: 'login', live: false, path: PATHS.login.slice(1), ready: (page: Page) => expect(page.getByTestId('login-submit')).toBeVisible() },
];

for (const route of ROUTES) {
  test(`${route.name}: security headers, no CSP violation, styled${route.live ? ', live' : ''}`, async ({ page, server }) => {
    // Live: the clock follows real time, so prices move.
    if (route.live) await server.control.clock({ freeze: false });
    const host = new URL(server.baseURL).host;
    const violations = await watchCsp(page);
    const responses = watchResponses(page);
    const sockets = watchSockets(page);

    const doc = await page.goto(route.path);
    expect(doc?.status()).toBe(200);
    await expectSecureHeaders(doc!, host, { csp: true });
    await route.ready(page);

    // Styles survive the policy: Mantine's run-time <style> elements apply (e.g. its colour-scheme
    // variables) and the stylesheet of the build too.
    const styles = await page.evaluate(() => ({
      injected: [...document.querySelectorAll('style')].map((s) => s.sheet?.cssRules.length ?? -1),
      sheets: document.styleSheets.length,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      font: getComputedStyle(document.body).fontFamily,
    }));
    expect(styles.injected.length).toBeGreaterThan(0);
    expect(styles.injected.every((n) => n > 0)).toBe(true);
    expect(styles.primary).not.toBe('');
    expect(styles.font).not.toMatch(/^"?Times/);

    // Live data over a WebSocket (not only the long-polling fallback): the policy lets ws: through.
    // (The login page shows no market data.)
    if (route.live) {
      await expect.poll(() => sockets.some((s) => s.frames.some((f) => f.includes('"tickers"'))), { timeout: 10_000 }).toBe(true);
      const first = await page.getByTestId('ticker-price').first().textContent();
      await expect.poll(async () => page.getByTestId('ticker-price').first().textContent(), { timeout: 6_000 }).not.toBe(first);
    }

    // The app's files (config.js, theme.js, scripts, styles, lazy chunks) and its API calls.
    const files = responses.filter((r) => new URL(r.url()).pathname.startsWith('/h5/'));
    expect(files.some((r) => r.url().endsWith('/h5/config.js'))).toBe(true);
    expect(files.some((r) => r.url().endsWith('/h5/theme.js'))).toBe(true);
    expect(files.some((r) => /\/h5\/assets\/.+\.js$/.test(r.url()))).toBe(true);
    for (const res of files) await expectSecureHeaders(res, host, { csp: true });
    const api = responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
    if (route.live) expect(api.length).toBeGreaterThan(0);
    for (const res of api) await expectSecureHeaders(res, host, { csp: false });

    expect(violations).toEqual([]);
  });
}

test('the saved dark theme still applies before the app starts (theme.js, no inline script)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // Stop the app's own bundle: what sets the theme now can only be the early script.
  await page.route('**/h5/assets/index-*.js', (r) => r.abort());
  await page.goto(PATHS.login.slice(1));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(violations).toEqual([]);
});

test('a page on another site cannot drive the control API (form posts, no-cors fetch)', async ({ page, server }) => {
  await server.control.reset({ seed: 42 });
  const target = `${server.baseURL}/__mock`;
  // A hostile page on another origin of the same machine (another local dev server, say): Chromium's
  // local-network checks do not stop a loopback page from posting to loopback, so only the mock can.
  const hostile = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><body>
      <iframe name="sink"></iframe>
      <form id="urlencoded" method="post" target="sink" action="${target}/reset"><input name="scenario" value="empty"></form>
      <form id="plain" method="post" target="sink" enctype="text/plain" action="${target}/reset"><input name='{"scenario":"empty","x":"' value='"}'></form>
      <form id="faults" method="post" target="sink" action="${target}/faults"><input name="kind" value="http500"><input name="times" value="1000"></form>
    </body>`);
  });
  await new Promise<void>((ok) => hostile.listen(0, '127.0.0.1', ok));
  try {
    const { port } = hostile.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(target)) answers.push(res.status());
    });
    for (const form of ['urlencoded', 'plain', 'faults']) {
      const answered = page.waitForResponse((res) => res.url().startsWith(target));
      await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
      await answered;
    }
    // no-cors fetches: the page cannot read the answer, but the request is sent.
    await page.evaluate(async (url) => {
      await fetch(`${url}/reset`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"scenario":"empty"}' });
      await fetch(`${url}/clock`, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ advanceMs: '86400000' }) });
    }, target);
    await expect.poll(() => answers.length).toBe(5);
    expect(answers).toEqual([403, 403, 403, 403, 403]);
  } finally {
    await new Promise((ok) => hostile.close(ok));
  }
  // The demo account and its seeded team of six: not the empty scenario.
  expect(await server.control.state()).toMatchObject({ seed: 42, scenario: 'default', users: 7 });
  expect((await server.control.clearFaults()).faults).toEqual([]);
});

test('the app itself may call the control API from its own origin', async ({ page, server }) => {
  await page.goto(PATHS.login.slice(1));
  // A POST carries the page's Origin (a same-origin GET does not): http://127.0.0.1:PORT, as the Host.
  const answer = await page.evaluate(async () => {
    const res = await fetch('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seed":43}' });
    return { status: res.status, body: await res.json() };
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ seed: 43 });
  expect((await server.control.state()).seed).toBe(43);
});
