/** The HTTP and socket.io adapters on a real port: envelopes for bad input, control API, realtime. */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { createServer } from './server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let host: Awaited<ReturnType<typeof createServer>>['host'];
let base = '';

beforeAll(async () => {
  ({ app, host } = await createServer({ staticDir: '/nonexistent', world: { seed: 3, freezeClock: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => app.close());

const post = (path: string, body: string, type: string) =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

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
  ])('%s → %i with an envelope, no stack', async (_name, body, type, status, code) => {
    const res = await post('/api/sessions', body, type);
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json).toMatchObject({ type: 'error', code });
    expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
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
      expect(ack).toEqual({ ok: true, topics: ['tickers', 'kline:BTC/USDT:1min'] });
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
