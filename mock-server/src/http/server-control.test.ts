/**
 * The control API's protection on a real port: JSON bodies only, no foreign Origin, no Host but
 * loopback, an IP address or an allowed name (DNS rebinding); TRUST_PROXY; the control API off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts, parseTrustProxy, type createServer } from './server';
import { postTo, raw, startServer, startTestServer } from './test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let base = '';

beforeAll(async () => {
  ({ app, base } = await startTestServer({ seed: 3, freezeClock: true }));
});
afterAll(() => app.close());

const post = postTo(() => base);

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
