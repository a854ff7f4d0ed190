/** The HTTP and socket.io adapters on a real port: envelopes for bad input, control API, realtime. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { MAX_BODY_DEPTH, MAX_CONTROL_BODY_DEPTH } from '../core/body';
import { parseAllowedHosts, parseTrustProxy, type createServer } from './server';
import { startTestServer } from './test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let host: Awaited<ReturnType<typeof createServer>>['host'];
let base = '';

beforeAll(async () => {
  ({ app, host, base } = await startTestServer({ seed: 3, freezeClock: true }));
});
afterAll(() => app.close());

const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': type, ...headers } });

/** Starts another server on a free port; `stop` closes it. */
async function startServer(options: Partial<Parameters<typeof createServer>[0]> = {}) {
  const server = await startTestServer({ seed: 3, freezeClock: true }, options);
  return { ...server, url: server.base, stop: () => server.app.close() };
}

/**
 * A raw HTTP request, because fetch does not let a test set `Host` or `Origin` as a browser
 * would (undici forbids `Host`; a page on another site sets `Origin` itself).
 */
function raw(url: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${opts.path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('HTTP adapter', () => {
  it('answers form-encoded and JSON requests alike', async () => {
    const form = await (await post('/api/sessions', 'account=demo%40example.com&password=Demo1234', 'application/x-www-form-urlencoded')).json();
    const json = await (await post('/api/sessions', JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }), 'application/json')).json();
    expect(form.type).toBe('ok');
    expect(json.type).toBe('ok');
  });

  it.each([
    ['malformed JSON', '{"account":', 'application/json', 400, 'malformed_body'],
    ['unsupported media type', '<xml/>', 'application/xml', 415, 'unsupported_media_type'],
    ['oversized body', `account=${'a'.repeat(1_100_000)}`, 'application/x-www-form-urlencoded', 413, 'body_too_large'],
    ['wrong field types', '{"account":1,"password":true}', 'application/json', 400, 'invalid_request'],
  ])('%s → its HTTP status with an envelope, no stack', async (_name, body, type, status, code) => {
    const res = await post('/api/sessions', body, type);
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json).toMatchObject({ type: 'error', code });
    expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('takes the session token in Authorization as it is or after "Bearer ", and marks injected answers', async () => {
    const login = await (await post('/api/sessions', 'account=demo%40example.com&password=Demo1234', 'application/x-www-form-urlencoded')).json();
    const token = login.message.token as string;
    for (const authorization of [token, `Bearer ${token}`]) {
      expect((await (await fetch(`${base}/api/me`, { headers: { authorization } })).json()).type).toBe('ok');
    }
    await post('/__mock/faults', JSON.stringify({ operationId: 'getCurrentUser', kind: 'http500' }), 'application/json');
    const injected = await fetch(`${base}/api/me`, { headers: { authorization: token } });
    expect([injected.status, injected.headers.get('x-mock-fault')]).toEqual([500, '1']);
    expect((await fetch(`${base}/api/me`, { headers: { authorization: token } })).headers.get('x-mock-fault')).toBeNull();
  });

  it('answers unknown API paths with a 404 envelope and keeps serving', async () => {
    const res = await fetch(`${base}/api/does/not/exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', code: 'not_found' });
    expect((await fetch(`${base}/api/settings`)).status).toBe(200);
  });

  it('validates the control API and applies faults and the clock', async () => {
    const bad = await post('/__mock/faults', JSON.stringify({ kind: 'teapot' }), 'application/json');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('error');
    const fault = await (await post('/__mock/faults', JSON.stringify({ operationId: 'getSettings', kind: 'http500' }), 'application/json')).json();
    expect(fault.faults).toHaveLength(1);
    expect((await fetch(`${base}/api/settings`)).status).toBe(500);
    const before = (await (await fetch(`${base}/__mock/state`)).json()).clock.now;
    const clock = await (await post('/__mock/clock', JSON.stringify({ advanceMs: 5000 }), 'application/json')).json();
    expect(clock.now).toBe(before + 5000);
    const reset = await (await post('/__mock/reset', JSON.stringify({ seed: 8, freezeClock: true }), 'application/json')).json();
    expect(reset).toMatchObject({ seed: 8, scenario: 'default', clock: { frozen: true } });
  });

  it('answers a text/plain body to an API operation with the 415 of every other unsupported type', async () => {
    const res = await post('/api/sessions', 'account=demo@example.com&password=Demo1234', 'text/plain');
    expect(res.status).toBe(415);
    const json = await res.json();
    expect(json).toMatchObject({ type: 'error', code: 'unsupported_media_type' });
    expect(json.message).toMatch(/application\/x-www-form-urlencoded or application\/json/);
  });

  it.each([
    ['__proto__', '{"account":"demo@example.com","password":"Demo1234","__proto__":{"admin":true}}'],
    ['a nested __proto__', '{"account":"demo@example.com","password":"Demo1234","x":[{"__proto__":{"admin":true}}]}'],
    ['an escaped __proto__', '{"account":"demo@example.com","password":"Demo1234","\\u005f_proto__":{"admin":true}}'],
    ['constructor', '{"account":"demo@example.com","password":"Demo1234","constructor":{"prototype":{"admin":true}}}'],
  ])('refuses JSON with %s as a clear invalid_request, not "not valid JSON"', async (_name, body) => {
    const res = await post('/api/sessions', body, 'application/json');
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json).toEqual({ type: 'error', code: 'invalid_request', message: 'The body must not contain __proto__ or constructor keys' });
    const control = await post('/__mock/faults', '{"kind":"999","__proto__":{}}', 'application/json');
    expect(control.status).toBe(400);
    expect(await control.json()).toEqual({ error: 'The body must not contain __proto__ or constructor keys' });
  });

  it('refuses a JSON body nested deeper than MAX_BODY_DEPTH with 400 malformed_body, and keeps serving', async () => {
    const nested = (depth: number) => `{"account":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)},"password":"Demo1234"}`;
    const huge = '['.repeat(200_000) + ']'.repeat(200_000);
    for (const body of [huge, nested(MAX_BODY_DEPTH + 1)]) {
      for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Array<Record<string, string>>) {
        const res = await post('/api/sessions', body, 'application/json', headers);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          type: 'error',
          code: 'malformed_body',
          message: `Malformed request body: nested deeper than ${MAX_BODY_DEPTH} levels`,
        });
      }
    }
    // At the bound the body parses and breaks only its schema.
    expect((await (await post('/api/sessions', nested(MAX_BODY_DEPTH), 'application/json')).json()).code).toBe('invalid_request');
    const control = await post('/__mock/restore', huge, 'application/json');
    expect([control.status, await control.json()]).toEqual([400, { error: `Malformed request body: nested deeper than ${MAX_CONTROL_BODY_DEPTH} levels` }]);
    expect((await fetch(`${base}/api/settings`)).status).toBe(200);
  });

  it('restores a snapshot that recorded an API body at the depth bound', async () => {
    const server = await startServer();
    try {
      const body = `{"account":${'['.repeat(MAX_BODY_DEPTH - 1)}${']'.repeat(MAX_BODY_DEPTH - 1)},"password":"Demo1234"}`;
      expect((await fetch(`${server.url}/api/sessions`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).status).toBe(400);
      const snapshot = await (await fetch(`${server.url}/__mock/snapshot`)).text();
      const restored = await fetch(`${server.url}/__mock/restore`, { method: 'POST', body: snapshot, headers: { 'content-type': 'application/json' } });
      expect(restored.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('still parses JSON that only mentions __proto__ or constructor in a value', async () => {
    const res = await post('/api/sessions', JSON.stringify({ account: 'constructor@example.com', password: '__proto__1' }), 'application/json');
    expect(res.status).toBe(200);
    expect((await res.json()).type).toBe('error'); // no such user: an ordinary envelope error
  });

  it('sends nosniff and a referrer policy on API, control and error responses', async () => {
    for (const res of [
      await fetch(`${base}/api/settings`),
      await fetch(`${base}/__mock/state`),
      await fetch(`${base}/api/does/not/exist`),
      await post('/api/sessions', '{"account":', 'application/json'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('tells that the app is not built for /h5/ pages when dist is missing', async () => {
    const res = await fetch(`${base}/h5/pages/market/market`);
    expect(res.status).toBe(503);
  });
});

describe('control API protection', () => {
  it.each([
    ['form-encoded', 'application/x-www-form-urlencoded', 'scenario=empty'],
    ['text/plain', 'text/plain', '{"scenario":"empty"}'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="scenario"\r\n\r\nempty\r\n--x--\r\n'],
  ])('refuses a %s body (what a plain HTML form on another site sends) with 415 and does nothing', async (_name, type, body) => {
    await post('/__mock/reset', JSON.stringify({ seed: 8, freezeClock: true }), 'application/json');
    for (const path of ['/__mock/reset', '/__mock/faults', '/__mock/clock', '/__mock/market']) {
      const res = await post(path, body, type);
      expect(res.status, path).toBe(415);
      expect(await res.json()).toEqual({ error: 'The control API accepts only application/json bodies' });
    }
    const state = await (await fetch(`${base}/__mock/state`)).json();
    // The demo account and its seeded team of six.
    expect(state).toMatchObject({ seed: 8, scenario: 'default', users: 7 });
    expect((await (await post('/__mock/faults', '{"kind":"999"}', 'application/json')).json()).faults).toHaveLength(1);
    await fetch(`${base}/__mock/faults`, { method: 'DELETE' });
  });

  it('refuses a request that carries a foreign Origin with 403 and does nothing', async () => {
    await post('/__mock/reset', JSON.stringify({ seed: 8, freezeClock: true }), 'application/json');
    const json = { 'content-type': 'application/json' };
    const host = new URL(base).host;
    for (const origin of [
      'http://evil.example',
      `http://${host}.evil.example`,
      'null',
      'http://localhost:1',
      `http://${host.split(':')[0]}`,
      'chrome-extension://abc',
    ]) {
      const reset = await raw(base, { method: 'POST', path: '/__mock/reset', headers: { ...json, origin }, body: '{"scenario":"empty"}' });
      expect(reset.status, origin).toBe(403);
      expect(JSON.parse(reset.body)).toEqual({ error: 'The control API refuses requests from other origins' });
      const state = await raw(base, { path: '/__mock/state', headers: { origin } });
      expect(state.status).toBe(403);
      const clear = await raw(base, { method: 'DELETE', path: '/__mock/faults', headers: { origin } });
      expect(clear.status).toBe(403);
    }
    expect(await (await fetch(`${base}/__mock/state`)).json()).toMatchObject({ seed: 8, scenario: 'default' });
  });

  it('accepts an Origin equal to the Host it was sent to (the app itself, a dev proxy that keeps Host), and no Origin', async () => {
    const host = new URL(base).host;
    const same = await raw(base, {
      method: 'POST',
      path: '/__mock/reset',
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
      body: '{"seed":9}',
    });
    expect(same.status).toBe(200);
    // A dev server on another port that proxies with its own Host header (Vite with changeOrigin: false).
    const proxied = await raw(base, { path: '/__mock/state', headers: { host: 'localhost:5173', origin: 'http://localhost:5173' } });
    expect(proxied.status).toBe(200);
    expect(JSON.parse(proxied.body)).toMatchObject({ seed: 9 });
    expect((await fetch(`${base}/__mock/state`)).status).toBe(200);
    // Origin is only checked on the control API: the app's API calls from a page on another
    // host (config.js apiBase) are not refused by this rule.
    const api = await raw(base, { path: '/api/settings', headers: { origin: 'http://evil.example' } });
    expect(api.status).toBe(200);
  });

  it('refuses a Host that is not localhost, an IP address or an allowed name with 403, even with its own Origin (DNS rebinding)', async () => {
    await post('/__mock/reset', JSON.stringify({ seed: 8, freezeClock: true }), 'application/json');
    const before = await (await fetch(`${base}/__mock/state`)).json();
    const port = new URL(base).port;
    const json = { 'content-type': 'application/json' };
    // A page of rebind.attacker.example whose name now resolves to 127.0.0.1: same-origin to the browser.
    for (const name of ['rebind.attacker.example', 'localhost.attacker.example', '127.0.0.1.attacker.example', 'evillocalhost']) {
      const headers = { host: `${name}:${port}`, origin: `http://${name}:${port}` };
      const snapshot = await raw(base, { path: '/__mock/snapshot', headers });
      expect(snapshot.status, name).toBe(403);
      expect(JSON.parse(snapshot.body)).toEqual({
        error: 'The control API answers only requests whose Host is localhost, an IP address, HOST or a name in ALLOWED_HOSTS',
      });
      const clock = await raw(base, { method: 'POST', path: '/__mock/clock', headers: { ...headers, ...json }, body: '{"advanceMs":86400000}' });
      expect(clock.status, name).toBe(403);
      const reset = await raw(base, { method: 'POST', path: '/__mock/reset', headers: { ...headers, ...json }, body: '{"scenario":"empty"}' });
      expect(reset.status, name).toBe(403);
    }
    expect(await (await fetch(`${base}/__mock/state`)).json()).toEqual(before);
    // Loopback names and IP addresses (no name to rebind), with any port.
    for (const allowed of ['localhost:5173', 'app.localhost:1', `127.0.0.1:${port}`, '[::1]:8080', '192.168.1.5:8080', 'LOCALHOST']) {
      expect((await raw(base, { path: '/__mock/state', headers: { host: allowed } })).status, allowed).toBe(200);
    }
    // Only the control API checks Host: the app, its API and the docs work behind a proxy under any name.
    const proxied = { host: 'trade.example.com', origin: 'https://trade.example.com' };
    expect((await raw(base, { path: '/api/settings', headers: proxied })).status).toBe(200);
    expect((await raw(base, { path: '/h5/', headers: proxied })).status).toBe(503);
    expect((await raw(base, { path: '/__docs/', headers: proxied })).status).toBe(200);
  });

  it('answers the names of ALLOWED_HOSTS (and HOST): a name exactly, `.name` with every name under it', async () => {
    expect(parseAllowedHosts(' QA.Example.test , .corp.example ,')).toEqual(['qa.example.test', '.corp.example']);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    for (const bad of ['example.test:8080', '.', '*', 'http://example.test', 'a b']) {
      expect(() => parseAllowedHosts(bad), bad).toThrow(/ALLOWED_HOSTS lists host names/);
    }
    const server = await startServer({ allowedHosts: ['qa.example.test', '.corp.example'] });
    try {
      const status = async (host: string) => (await raw(server.url, { path: '/__mock/state', headers: { host } })).status;
      for (const host of ['qa.example.test:8080', 'QA.example.test', 'corp.example', 'mock.corp.example:80', 'a.b.corp.example']) {
        expect(await status(host), host).toBe(200);
      }
      for (const host of ['example.test', 'x.qa.example.test', 'evilcorp.example', 'corp.example.attacker.test']) {
        expect(await status(host), host).toBe(403);
      }
    } finally {
      await server.stop();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY) tells clients apart by X-Forwarded-For; otherwise by the connection', async () => {
    expect(parseTrustProxy(' Loopback, 10.0.0.0/8 ,::1,')).toBe('loopback,10.0.0.0/8,::1');
    expect(parseTrustProxy(undefined)).toBeUndefined();
    for (const bad of ['nginx', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '*']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY lists the proxies/);
    }
    // Two logged-out clients behind one proxy send the same Idempotency-Key: each gets its own answer
    // only when the proxy is trusted to say who they are.
    const login = (url: string, client: string, password: string) =>
      raw(url, {
        method: 'POST',
        path: '/api/sessions',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'same-key', 'x-forwarded-for': client },
        body: JSON.stringify({ account: 'demo@example.com', password }),
      }).then((r) => JSON.parse(r.body) as { type: string; code?: string });
    for (const [trustProxy, second] of [
      ['loopback', 'wrong_credentials'],
      [undefined, 'idempotency_key_reused'],
    ] as const) {
      const server = await startServer({ trustProxy });
      try {
        expect((await login(server.url, '203.0.113.1', 'Demo1234')).type).toBe('ok');
        expect((await login(server.url, '203.0.113.2', 'Wrong1234')).code, String(trustProxy)).toBe(second);
      } finally {
        await server.stop();
      }
    }
  });

  it('with control: false answers every /__mock/ path with 404 and changes nothing else', async () => {
    const off = await startServer({ control: false });
    try {
      for (const [method, path] of [
        ['GET', '/__mock/state'],
        ['POST', '/__mock/reset'],
        ['POST', '/__mock/faults'],
        ['DELETE', '/__mock/faults'],
        ['POST', '/__mock/clock'],
        ['POST', '/__mock/market'],
        ['GET', '/__mock/anything'],
      ]) {
        const res = await fetch(`${off.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toHaveProperty('error');
      }
      expect((await fetch(`${off.url}/api/settings`)).status).toBe(200);
      const login = await fetch(`${off.url}/api/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'account=demo%40example.com&password=Demo1234',
      });
      expect((await login.json()).type).toBe('ok');
    } finally {
      await off.stop();
    }
  });
});

describe('security headers of the app', () => {
  let dir = '';
  let app: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-headers-'));
    mkdirSync(join(dir, 'assets'));
    // As large as the built one (its static shell): big enough to be worth compressing.
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>t</title><script src="/h5/config.js"></script><style>${'#boot i{display:block}\n'.repeat(2000)}</style>`,
    );
    writeFileSync(join(dir, 'config.js'), 'window.__APP_CONFIG__ = {};');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
    // A built asset with the copies web/build/precompress.ts writes beside it (markers here, to see which is sent).
    writeFileSync(join(dir, 'assets', 'big-abc.js'), `console.log('${'x'.repeat(4000)}');`);
    writeFileSync(join(dir, 'assets', 'big-abc.js.br'), 'the .br copy');
    writeFileSync(join(dir, 'assets', 'big-abc.js.gz'), 'the .gz copy');
    app = await startServer({ staticDir: dir });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/h5/', '/h5/pages/market/market', '/h5/config.js', '/h5/assets/index-abc.js'])('%s has a CSP, nosniff and a referrer policy', async (path) => {
    const res = await raw(app.url, { path });
    expect(res.status).toBe(200);
    const host = new URL(app.url).host;
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        `connect-src 'self' ws://${host} wss://${host}; worker-src 'self'; object-src 'none'; base-uri 'self'; ` +
        "frame-ancestors 'none'; form-action 'self'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it.each(['/h5/', '/h5/pages/market/market?tab=btc'])('%s is the app, compressed and never stored stale', async (path) => {
    const res = await raw(app.url, { path, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br, gzip', 'br', 'the .br copy'],
    ['gzip', 'gzip', 'the .gz copy'],
  ])("sends the build's precompressed copy of an asset to a client that accepts %s, as it is", async (accept, encoding, body) => {
    const res = await raw(app.url, { path: '/h5/assets/big-abc.js', headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.body).toBe(body);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await raw(app.url, { path: '/h5/assets/big-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log\('x+'\);$/);
  });

  it('answers a missing file with 404, not with the app', async () => {
    const res = await raw(app.url, { path: '/h5/assets/gone-123.js' });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('puts only a well-formed Host into connect-src', async () => {
    const res = await raw(app.url, { path: '/h5/', headers: { host: "x; script-src 'unsafe-inline'" } });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; worker");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src 'unsafe-inline'/);
  });
});

describe('socket.io adapter', () => {
  it('acks subscriptions, sends a snapshot at once, then a tick per virtual second', async () => {
    await post('/__mock/reset', JSON.stringify({ seed: 8, freezeClock: true }), 'application/json');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, { transports: ['websocket'], forceNew: true });
    try {
      const received: number[] = [];
      socket.on('tickers', (e) => received.push(e.time));
      const klines: string[] = [];
      socket.on('kline', (e) => klines.push(e.candle.close));
      const ack = await socket.emitWithAck('subscribe', { topics: ['tickers', 'kline:BTC/USDT:1min'] });
      expect(ack).toEqual({ ok: true, topics: ['tickers', 'kline:BTC/USDT:1min'], refused: [] });
      await expect.poll(() => received.length).toBe(1);
      expect(klines).toHaveLength(1);
      host.world.clock.advance(1000);
      await expect.poll(() => received.length).toBe(2);
      expect(received[1] - received[0]).toBe(1000);
      await expect.poll(() => klines.length).toBe(2);

      const bad = await socket.emitWithAck('subscribe', { topics: ['kline:BTC/USDT:2day'] });
      expect(bad.ok).toBe(false);
      expect(bad.error).toContain('topics/0');
      const unknown = await socket.emitWithAck('subscribe', { topics: ['kline:NOPE/USDT:1min'] });
      expect(unknown).toMatchObject({ ok: false, topics: [] });
      const left = await socket.emitWithAck('unsubscribe', { topics: ['tickers'] });
      expect(left.ok).toBe(true);
      host.world.clock.advance(1000);
      await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(2);
    } finally {
      socket.close();
    }
  });
});
