/**
 * What asyncapi.yaml promises about subscribing, over the socket.io adapter: the ack's shape, the
 * ack before the snapshots, a snapshot per topic (depth's with prevSeq === seq), the stream and
 * REST agreeing, no snapshot of private events, and the order events of a REST action.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, DepthEvent, ServerToClientEvents, SubscriptionAck, TickersEvent } from '../../../contracts/generated/socket';
import * as validators from '../../../contracts/generated/socket-validators.js';
import { startTestServer } from '../http/test-server';
import { DEMO_ACCOUNT } from '../domain/account/seed';

type Log = Array<[string, unknown]>;
type Validator = (payload: unknown) => boolean;

let server: Awaited<ReturnType<typeof startTestServer>>;
const sockets: Socket[] = [];
const settle = () => new Promise((r) => setTimeout(r, 150));

beforeAll(async () => {
  server = await startTestServer({ seed: 5, freezeClock: true });
});
afterAll(() => server.app.close());
beforeEach(() => {
  server.host.reset({ seed: 5, freezeClock: true });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** A connected socket logging every event and every ack, in arrival order. */
async function connect(auth?: object) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.base, { transports: ['websocket'], forceNew: true, ...(auth ? { auth } : {}) });
  sockets.push(socket);
  const log: Log = [];
  socket.onAny((event: string, payload: unknown) => log.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const request = (event: 'subscribe' | 'unsubscribe', payload: unknown) =>
    new Promise<SubscriptionAck>((resolve) =>
      (socket as unknown as Socket).emit(event, payload, (ack: SubscriptionAck) => {
        log.push([`${event}Ack`, ack]);
        resolve(ack);
      }),
    );
  return { socket, log, subscribe: (payload: unknown) => request('subscribe', payload), unsubscribe: (payload: unknown) => request('unsubscribe', payload) };
}

async function rest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const body = (await (await fetch(`${server.base}/api${path}`, init)).json()) as { type: string; message: T };
  expect(body.type).toBe('ok');
  return body.message;
}

/** Every level prints its price with the symbol's pricePrecision and its quantity (a removal's zero too) with its amountPrecision. */
async function expectScaled(symbol: string, levels: string[][]) {
  const tickers = await rest<Array<{ symbol: string; pricePrecision: number; amountPrecision: number }>>('/market/tickers');
  const { pricePrecision, amountPrecision } = tickers.find((t) => t.symbol === symbol)!;
  const decimals = (text: string) => text.split('.')[1]?.length ?? 0;
  expect(levels.length).toBeGreaterThan(0);
  for (const [price, quantity] of levels) expect([decimals(price), decimals(quantity)]).toEqual([pricePrecision, amountPrecision]);
}

/** Checks a payload against the contract's strict validator of its event (or ack). */
function valid(name: string, payload: unknown): boolean {
  return (validators as unknown as Record<string, Validator>)[name](payload);
}

describe('acknowledgements', () => {
  it('all joined: ok, the topics in the order asked, nothing refused', async () => {
    const c = await connect();
    const ack = await c.subscribe({ topics: ['trades:ETH/USDT', 'tickers'] });
    expect(ack).toEqual({ ok: true, topics: ['trades:ETH/USDT', 'tickers'], refused: [] });
    expect(valid('subscribeAck', ack)).toBe(true);
  });

  it('partly refused: the unknown symbols in refused, the rest joined, an error', async () => {
    const c = await connect();
    const ack = await c.subscribe({ topics: ['tickers', 'depth:NOPE/USDT', 'depth:BTC/USDT', 'kline:NOPE/USDT:1min'] });
    expect(ack).toEqual({ ok: false, topics: ['tickers', 'depth:BTC/USDT'], refused: ['depth:NOPE/USDT', 'kline:NOPE/USDT:1min'], error: expect.any(String) });
    expect(valid('subscribeAck', ack)).toBe(true);
    await settle();
    // Snapshots of the joined topics only.
    expect(c.log.map(([e]) => e)).toEqual(['subscribeAck', 'tickers', 'depth']);
  });

  it('all refused, or an invalid payload refused whole (here one bad period among valid topics)', async () => {
    const c = await connect();
    const unknown = await c.subscribe({ topics: ['trades:NOPE/USDT'] });
    expect(unknown).toEqual({ ok: false, topics: [], refused: ['trades:NOPE/USDT'], error: expect.any(String) });
    for (const payload of [{ topics: ['tickers', 'kline:BTC/USDT:2min'] }, { topics: [] }, { topics: ['tickers'], extra: 1 }, 'tickers', null]) {
      const ack = await c.subscribe(payload);
      expect(ack).toEqual({ ok: false, topics: [], refused: [], error: expect.any(String) });
      expect(valid('subscribeAck', ack)).toBe(true);
    }
    await settle();
    expect(c.log.filter(([e]) => !e.endsWith('Ack'))).toEqual([]);
  });

  it('a topic asked twice is joined once and gets one snapshot', async () => {
    const c = await connect();
    expect(await c.subscribe({ topics: ['tickers', 'tickers'] })).toEqual({ ok: true, topics: ['tickers'], refused: [] });
    await settle();
    expect(c.log.map(([e]) => e)).toEqual(['subscribeAck', 'tickers']);
  });

  it('unsubscribe refuses nothing of a valid request (a topic never joined is left too), and nothing else arrives', async () => {
    const c = await connect();
    await c.subscribe({ topics: ['tickers'] });
    const ack = await c.unsubscribe({ topics: ['tickers', 'depth:NOPE/USDT'] });
    expect(ack).toEqual({ ok: true, topics: ['tickers', 'depth:NOPE/USDT'], refused: [] });
    expect(valid('unsubscribeAck', ack)).toBe(true);
    expect(await c.unsubscribe({ topics: 'tickers' })).toEqual({ ok: false, topics: [], refused: [], error: expect.any(String) });
    const before = c.log.length;
    server.host.world.clock.advance(1000);
    await settle();
    expect(c.log.slice(before)).toEqual([]);
  });
});

describe('snapshots on subscribe', () => {
  const TOPICS = ['tickers', 'kline:BTC/USDT:1min', 'depth:BTC/USDT', 'trades:BTC/USDT'];

  it('the ack comes first, then one snapshot per topic in the order of the ack', async () => {
    const c = await connect();
    await c.subscribe({ topics: TOPICS });
    await settle();
    expect(c.log.map(([e]) => e)).toEqual(['subscribeAck', 'tickers', 'kline', 'depth', 'trades']);
    for (const [event, payload] of c.log) expect(valid(event, payload), event).toBe(true);
  });

  it('each snapshot is what REST answers at the same moment', async () => {
    server.host.world.clock.advance(3000); // some trades on the tape
    const c = await connect();
    await c.subscribe({ topics: TOPICS });
    await settle();
    const got = Object.fromEntries(c.log) as Record<string, unknown>;
    const tickers = await rest<unknown[]>('/market/tickers');
    expect(got.tickers).toEqual({ type: 'snapshot', seq: expect.any(Number), prevSeq: (got.tickers as TickersEvent).seq, time: expect.any(Number), tickers });
    const kline = await rest<{ candles: unknown[] }>('/market/kline?symbol=BTC/USDT&period=1min');
    expect(got.kline).toEqual({ symbol: 'BTC/USDT', period: '1min', candle: kline.candles.at(-1) });
    const trades = await rest<unknown[]>('/market/trades?symbol=BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
    expect(got.trades).toEqual({ symbol: 'BTC/USDT', trades });
    // Depth: a snapshot whose prevSeq is its seq, the same levels and strings as getOrderBook's default limit.
    const depth = got.depth as DepthEvent;
    expect(depth.type).toBe('snapshot');
    expect(depth.prevSeq).toBe(depth.seq);
    const { symbol, seq, time, bids, asks } = depth;
    expect(await rest('/market/depth?symbol=BTC/USDT')).toEqual({ symbol, seq, time, bids, asks });
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    await expectScaled('BTC/USDT', [...bids, ...asks]);
  });

  it('subscribing again to a joined topic sends its snapshot again', async () => {
    const c = await connect();
    await c.subscribe({ topics: ['depth:BTC/USDT'] });
    server.host.world.clock.advance(1000);
    await c.subscribe({ topics: ['depth:BTC/USDT'] });
    await settle();
    const depth = c.log.filter(([e]) => e === 'depth').map(([, p]) => p as DepthEvent);
    // The tick in between: an update, or a snapshot when the whole book moved (see the next tests).
    expect(depth).toHaveLength(3);
    expect(depth[1].seq).toBeGreaterThan(depth[0].seq);
    expect([depth[0].type, depth[2].type]).toEqual(['snapshot', 'snapshot']);
    expect(depth[2].prevSeq).toBe(depth[2].seq);
  });

  it('a tick that moves every level (the price moved) sends the snapshot it amounts to, lighter than the update', async () => {
    const c = await connect();
    await c.subscribe({ topics: ['depth:BTC/USDT'] });
    const before = server.host.world.market.ticker('BTC/USDT').last;
    server.host.world.clock.advance(1000);
    expect(server.host.world.market.ticker('BTC/USDT').last).not.toBe(before);
    await settle();
    const [first, next] = c.log.filter(([e]) => e === 'depth').map(([, p]) => p as DepthEvent);
    expect(next).toMatchObject({ type: 'snapshot', prevSeq: next.seq });
    expect(next.seq).toBeGreaterThan(first.seq);
    const { symbol, seq, time, bids, asks } = next;
    expect(await rest('/market/depth?symbol=BTC/USDT')).toEqual({ symbol, seq, time, bids, asks });
  });

  it('a depth update chains from the snapshot, and applying it gives the REST book of its seq', async () => {
    // The price held: the levels keep their prices and some quantities change, an update.
    const { last } = server.host.world.market.ticker('ETH/USDT');
    server.host.world.setPrice('ETH/USDT', last, true);
    const c = await connect();
    await c.subscribe({ topics: ['depth:ETH/USDT'] });
    server.host.world.clock.advance(1000);
    await settle();
    const [snapshot, update] = c.log.filter(([e]) => e === 'depth').map(([, p]) => p as DepthEvent);
    expect(update).toMatchObject({ type: 'update', prevSeq: snapshot.seq });
    expect(update.seq).toBeGreaterThan(snapshot.seq);
    const apply = (levels: string[][], changes: string[][], best: (a: number, b: number) => number) => {
      const book = new Map(levels.map(([p, q]) => [p, q]));
      for (const [p, q] of changes)
        if (Number(q) === 0) book.delete(p);
        else book.set(p, q);
      return [...book].sort(([a], [b]) => best(Number(a), Number(b)));
    };
    await expectScaled('ETH/USDT', [...update.bids, ...update.asks]);
    const rest20 = await rest<DepthEvent>('/market/depth?symbol=ETH/USDT');
    expect(rest20.seq).toBe(update.seq);
    expect(apply(snapshot.bids, update.bids, (a, b) => b - a)).toEqual(rest20.bids);
    expect(apply(snapshot.asks, update.asks, (a, b) => a - b)).toEqual(rest20.asks);
  });
});

describe('tickers: a snapshot, then the fields that changed', () => {
  type Ticker = Record<string, unknown> & { symbol: string };
  const apply = (held: Ticker[], update: Extract<TickersEvent, { type: 'update' }>) => {
    const bySymbol = new Map(held.map((t) => [t.symbol, t]));
    for (const c of update.changes) bySymbol.set(c.symbol, { ...bySymbol.get(c.symbol), ...c, time: update.time });
    return [...bySymbol.values()];
  };
  const tickerEvents = (log: Log) => log.filter(([e]) => e === 'tickers').map(([, p]) => p as TickersEvent);

  it('each update chains from the one before and carries only changed fields; applied, they give REST listTickers', async () => {
    const c = await connect();
    await c.subscribe({ topics: ['tickers'] });
    server.host.world.clock.advance(1000);
    server.host.world.clock.advance(1000);
    await settle();
    const [snapshot, ...updates] = tickerEvents(c.log);
    expect(snapshot.type).toBe('snapshot');
    expect(updates.map((u) => u.type)).toEqual(['update', 'update']);
    expect(updates[0].prevSeq).toBe(snapshot.seq);
    expect(updates[1].prevSeq).toBe(updates[0].seq);
    expect(updates[1].seq).toBeGreaterThan(updates[1].prevSeq);
    for (const u of [snapshot, ...updates]) expect(valid('tickers', u)).toBe(true);
    let held = (snapshot as Extract<TickersEvent, { type: 'snapshot' }>).tickers as Ticker[];
    for (const u of updates) {
      if (u.type !== 'update') continue;
      const before = new Map(held.map((t) => [t.symbol, t]));
      // Only what changed: no change repeats a value the symbol already had, none is empty.
      for (const change of u.changes) {
        const fields = Object.keys(change).filter((k) => k !== 'symbol');
        expect(fields.length).toBeGreaterThan(0);
        for (const f of fields) expect(change[f as keyof typeof change], `${change.symbol} ${f}`).not.toEqual(before.get(change.symbol)![f]);
      }
      held = apply(held, u);
    }
    const listed = await rest<Ticker[]>('/market/tickers');
    const withoutTime = (list: Ticker[]) => list.map(({ time: _t, ...rest }) => rest);
    expect(withoutTime(held)).toEqual(withoutTime(listed));
    // A second's update is far lighter than the whole list.
    expect(JSON.stringify(updates[1]).length).toBeLessThan(JSON.stringify(snapshot).length / 2);
  });

  it("a late subscriber gets a snapshot at the stream's seq, and the next update chains from it for both", async () => {
    const a = await connect();
    await a.subscribe({ topics: ['tickers'] });
    server.host.world.clock.advance(1000);
    await settle();
    const b = await connect();
    await b.subscribe({ topics: ['tickers'] });
    await settle();
    server.host.world.clock.advance(1000);
    await settle();
    const [, aFirst, aNext] = tickerEvents(a.log);
    const [bSnapshot, bNext] = tickerEvents(b.log);
    expect(bSnapshot).toMatchObject({ type: 'snapshot', seq: aFirst.seq, prevSeq: aFirst.seq });
    expect(aNext).toEqual(bNext);
    expect(bNext).toMatchObject({ type: 'update', prevSeq: bSnapshot.seq });
  });

  it('a reset world reaches subscribers as an update of what differs, chained like any other', async () => {
    const c = await connect();
    await c.subscribe({ topics: ['tickers'] });
    await settle();
    server.host.reset({ seed: 6, freezeClock: true });
    server.host.world.clock.advance(1000);
    await settle();
    const [snapshot, update] = tickerEvents(c.log);
    expect(update).toMatchObject({ type: 'update', prevSeq: snapshot.seq });
    const held = apply((snapshot as Extract<TickersEvent, { type: 'snapshot' }>).tickers as Ticker[], update as Extract<TickersEvent, { type: 'update' }>);
    const listed = await rest<Ticker[]>('/market/tickers');
    expect(held.map(({ time: _t, ...rest }) => rest)).toEqual(listed.map(({ time: _t, ...rest }) => rest));
  });
});

describe('private events', () => {
  const login = () => server.host.world.accounts.login({ account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password });

  it('have no snapshot: a logged-in connection gets nothing private until something changes', async () => {
    const { token } = login();
    const c = await connect({ token });
    await c.subscribe({ topics: ['tickers'] });
    await settle();
    expect(c.log.map(([e]) => e)).toEqual(['subscribeAck', 'tickers']);
  });

  it('placeOrder: the order event is the state the HTTP answer shows; a replay with the same Idempotency-Key causes none', async () => {
    const { token, user } = login();
    server.host.world.exchange.transfer(user.id, { coin: 'USDT', from: 'funds', to: 'exchange', amount: '100' });
    const c = await connect({ token });
    await c.subscribe({ topics: ['tickers'] });
    const place = () =>
      rest<{ id: string; status: string }>('/me/orders', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'b6f1f2d0-0000-4000-8000-000000000001' },
        body: JSON.stringify({ symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' }),
      });
    const answer = await place();
    await settle();
    const orders = () => c.log.filter(([e]) => e === 'order').map(([, p]) => (p as { order: unknown }).order);
    expect(answer.status).toBe('pending');
    expect(orders()).toEqual([answer]);
    expect(await place()).toEqual(answer);
    await settle();
    expect(orders()).toHaveLength(1);
  });
});
