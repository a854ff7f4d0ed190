/**
 * In-browser mock mode (`VITE_MOCK=msw`): the mock domain runs inside the page. REST calls are
 * answered by msw from the same operation table and dispatch as the mock server; realtime events
 * come from the in-page world instead of socket.io.
 */
import { setupWorker } from 'msw/browser';
import { createMswHandlers } from '../../../mock-server/src/msw/handlers';
import { World } from '../../../mock-server/src/domain/world';
import { getToken } from '../api/client';
import { appConfig } from '../api/config';
import { realtime, type RealtimeTransport } from '../realtime/socket';

export async function startBrowserMock(): Promise<void> {
  const world = new World({ realNow: Date.now() });
  world.clock.follow(Date.now());
  setInterval(() => world.clock.follow(Date.now()), 200);

  const base = appConfig().apiBase;
  const worker = setupWorker(...createMswHandlers(() => world, base.startsWith('http') ? base : `${location.origin}${base}`));
  await worker.start({ serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` }, onUnhandledRequest: 'bypass', quiet: true });

  realtime.useTransport((): RealtimeTransport => {
    const topics = new Set<string>();
    const listeners: { [event: string]: Array<(payload: never) => void> } = {};
    const emit = (event: string, payload: unknown) => listeners[event]?.forEach((l) => l(payload as never));
    const candle = (topic: string) => {
      const [, symbol, period] = topic.split(':');
      if (!world.market.has(symbol)) return;
      const [c] = world.market.kline(symbol, period as never, 1);
      emit('kline', { symbol, period, candle: c });
    };
    world.events.on('tickers', (event) => {
      if (topics.has('tickers')) emit('tickers', event);
      for (const t of topics) {
        if (t.startsWith('kline:')) candle(t);
        else if (t.startsWith('depth:')) emit('depth', world.spot.depthMessage(t.slice(6)));
      }
    });
    world.events.on('trades', (event) => topics.has(`trades:${event.symbol}`) && emit('trades', event));
    const me = () => {
      try {
        return world.accounts.record(getToken() ?? undefined).id;
      } catch {
        return null;
      }
    };
    world.events.on('balances', ({ userId, ...event }) => userId === me() && emit('balances', event));
    world.events.on('record', ({ userId, record }) => userId === me() && emit('record', { record }));
    world.events.on('order', ({ userId, order }) => userId === me() && emit('order', { order }));
    return {
      connect: () => {},
      reconnect: () => {},
      connected: () => true,
      subscribe: (list) =>
        list.forEach((t) => {
          topics.add(t);
          // A snapshot at once, as the server does.
          if (t.startsWith('depth:')) queueMicrotask(() => emit('depth', world.spot.depthMessage(t.slice(6), true)));
          if (t.startsWith('trades:')) queueMicrotask(() => emit('trades', { symbol: t.slice(7), trades: world.spot.trades(t.slice(7)) }));
        }),
      unsubscribe: (list) => list.forEach((t) => topics.delete(t)),
      onStatus: (listener) => queueMicrotask(() => listener('connected')),
      onEvent: (event, listener) => {
        (listeners[event] ??= []).push(listener as (payload: never) => void);
      },
    };
  });
}
