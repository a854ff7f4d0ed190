/** The HTTP and socket.io adapters on a real port: envelopes for bad input, body limits, realtime. */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { MAX_BODY_DEPTH, MAX_CONTROL_BODY_DEPTH } from '../core/body';
import type { createServer } from './server';
import { postTo, startServer, startTestServer } from './test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let host: Awaited<ReturnType<typeof createServer>>['host'];
let base = '';

beforeAll(async () => {
  ({ app, host, base } = await startTestServer({ seed: 3, freezeClock: true }));
});
afterAll(() => app.close());

const post = postTo(() => base);

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
