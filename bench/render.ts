/**
 * `npm run bench:render`: how the two busiest screens hold up under a fast feed, in Chromium with
 * 4x CPU throttling, over two windows of 10 s each (busy share, then a trace for the longest task):
 *   - the markets page with 200 symbols, each updated 10 times a second (10 tickers events/s of 200);
 *   - the trade page with its order book updated 20 times a second;
 *   - the lever positions page with 50 open positions, their prices (tickers) moving 10 times a
 *     second (P/L, risk rate and total P/L recomputed in the app from each tickers event).
 * The feed goes through the real socket.io server and the app's real client (validators included),
 * in the contract's form: the markets screen's `tickers` topic is answered here with a snapshot of
 * the 200 synthetic symbols, then updates of the fields that changed, made by the server's own
 * `TickerStream` (asyncapi.yaml 2.x). Set H5_DIST to measure another build than dist/h5.
 * Each screen runs RENDER_RUNS times (3); prints the longest main-thread task of the worst run and
 * the median share of time the main thread was busy against the screen's targets (markets, issue
 * #19: no task over 30 ms, under 15 % busy; trade and lever: no task over 50 ms, under 30 %), then
 * each run. Figures only; exits 0 once it has measured.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { TickerStream } from '../mock-server/src/core/realtime.ts';
import { createServer } from '../mock-server/src/http/server.ts';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const staticDir = process.env.H5_DIST ?? join(root, 'dist', 'h5');
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error('bench/render: dist/h5 is missing: run `npm run build` first (or `npm run bench:render`, which builds).');
  process.exit(1);
}

const SECONDS = 10;
const THROTTLE = 4;
/** Each screen is measured this many times (the machine's noise is a few points of busy share). */
const RUNS = Number(process.env.RENDER_RUNS ?? 3);
/** RENDER_SCREENS: a comma-separated subset of markets, trade, lever (all by default). */
const SCREENS = new Set((process.env.RENDER_SCREENS ?? 'markets,trade,lever').split(','));

function syntheticTickers(count: number, step: number) {
  return Array.from({ length: count }, (_, i) => {
    const base = `C${String(i).padStart(3, '0')}`;
    const price = 100 + i + ((step * (i + 7)) % 97) / 100;
    return {
      symbol: `${base}/USDT`,
      base,
      quote: 'USDT',
      last: price.toFixed(2),
      open24h: (100 + i).toFixed(2),
      high24h: (price + 5).toFixed(2),
      low24h: (95 + i).toFixed(2),
      change24h: (((price - (100 + i)) / (100 + i)) * 100).toFixed(2),
      volume24h: (1000 + step + i).toFixed(4),
      quoteVolume24h: (100000 + step * 10 + i).toFixed(2),
      pricePrecision: 2,
      amountPrecision: 4,
      quotePrecision: 2,
      settlementPrecision: 6,
      time: Date.now(),
    };
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Two windows of SECONDS under the same feed: the first measures main-thread busy time (CDP
 * TaskDuration), the second records a `toplevel` trace of the page's renderer main thread for the
 * longest task (tasks under 50 ms included). Tracing costs time per task, so it stays out of the
 * busy figure.
 */
async function measure(page: Page, feed: () => void, hz: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const taskDuration = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) as number;
  const window = () => new Promise((r) => setTimeout(r, SECONDS * 1000));
  const timer = setInterval(feed, 1000 / hz);
  try {
    const before = await taskDuration();
    const started = Date.now();
    await window();
    const share = (((await taskDuration()) - before) / ((Date.now() - started) / 1000)) * 100;

    const tracePath = join(tmpdir(), `bench-render-${process.pid}.json`);
    const browser = page.context().browser()!;
    await browser.startTracing(page, { path: tracePath, categories: ['toplevel'] });
    await window();
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    rmSync(tracePath, { force: true });
    const mains = new Set(
      traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
    );
    const longest = traceEvents
      .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && /RunTask$/.test(e.name))
      .reduce((max, e) => Math.max(max, (e.dur ?? 0) / 1000), 0);
    return { longest, share };
  } finally {
    clearInterval(timer);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** The longest task (ms) and busy share (%) a screen must stay under. */
interface Targets {
  task: number;
  busy: number;
}
const DEFAULT_TARGETS: Targets = { task: 50, busy: 30 };

/** Runs a screen RUNS times; prints each run, the worst longest task and the median busy share. */
async function report(label: string, open: () => Promise<Page>, feed: () => void, hz: number, targets = DEFAULT_TARGETS) {
  const runs: Array<{ longest: number; share: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await open();
    runs.push(await measure(page, feed, hz));
    await page.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const longest = Math.max(...runs.map((r) => r.longest));
  const share = median(runs.map((r) => r.share));
  const each = runs.map((r) => `${r.longest.toFixed(0)} ms / ${r.share.toFixed(1)} %`).join(', ');
  console.log(
    `${label.padEnd(40)} ${RUNS} runs: longest task ${longest.toFixed(0)} ms (worst run), busy ${share.toFixed(1)} % (median)` +
      `  [targets: no task over ${targets.task} ms, under ${targets.busy} %: ${longest <= targets.task && share < targets.busy ? 'met' : 'NOT met'}]\n${''.padEnd(40)} runs: ${each}`,
  );
}

const { app, host, io } = await createServer({ staticDir, world: { seed: 42, freezeClock: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  console.log(`Render benchmark: Chromium, 390x844, ${THROTTLE}x CPU throttling, ${SECONDS} s per screen\n`);

  // 1. Markets: 200 symbols (the REST list is replaced by the synthetic one), 10 updates/s each.
  // The `tickers` topic is the synthetic market too: a subscription to it is answered here (joined,
  // acked, its snapshot sent) and the rest of the request goes on to the server.
  let step = 0;
  let synthetic = true;
  const stream = new TickerStream();
  let current = syntheticTickers(200, step);
  stream.next(Date.now(), current);
  io.on('connection', (socket) =>
    socket.use((packet, next) => {
      const [event, payload, ack] = packet as [string, { topics?: unknown } | undefined, unknown];
      const topics = payload?.topics;
      if (!synthetic || event !== 'subscribe' || !Array.isArray(topics) || !topics.includes('tickers')) return next();
      void socket.join('tickers');
      const rest = topics.filter((t) => t !== 'tickers');
      if (rest.length) {
        packet[1] = { topics: rest };
        next();
      } else if (typeof ack === 'function') ack({ ok: true, topics: ['tickers'], refused: [] });
      queueMicrotask(() => socket.emit('tickers', stream.snapshot(Date.now(), current)));
    }),
  );
  if (SCREENS.has('markets'))
    await report(
      'markets: 200 symbols x 10 updates/s',
      async () => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.route('**/api/market/tickers', (route) => route.fulfill({ json: { type: 'ok', message: syntheticTickers(200, step) } }));
        await page.goto(`${base}/h5/pages/market/market`);
        await page.getByTestId('ticker-row').first().waitFor();
        return page;
      },
      () => {
        step += 1;
        current = syntheticTickers(200, step);
        const message = stream.next(Date.now(), current);
        if (message) io.to('tickers').emit('tickers', message);
      },
      10,
      { task: 30, busy: 15 },
    );
  synthetic = false;

  // 2. Trade page: the BTC/USDT book moves 20 times a second (one virtual second per update, so
  // the tickers and the trades tape move 20 times a second as well).
  if (SCREENS.has('trade'))
    await report(
      'trade: order book x 20 updates/s',
      async () => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.goto(`${base}/h5/pages/trade/trade?symbol=BTC/USDT`);
        await page.getByText('Spread', { exact: false }).first().waitFor({ timeout: 15_000 });
        return page;
      },
      () => host.world.clock.advance(1000),
      20,
    );

  // 3. Lever positions: 50 open positions over the lever symbols; one virtual second per update,
  // 10 updates a second (every symbol's ticker moves each time).
  const api = async <T = unknown>(method: string, path: string, token?: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { type: string; message: unknown };
    if (json.type !== 'ok') throw new Error(`bench/render: ${path} answered ${JSON.stringify(json)}`);
    return json.message as T;
  };
  const { token } = await api<{ token: string }>('POST', '/sessions', undefined, { account: 'demo@example.com', password: 'Demo1234' });
  await api('POST', '/me/transfers', token, { coin: 'USDT', from: 'funds', to: 'lever', amount: '9000' });
  const symbols = await api<Array<{ symbol: string; minLots: string; multiples: number[] }>>('GET', '/lever/symbols');
  for (let i = 0; i < 50; i++) {
    const s = symbols[i % symbols.length];
    await api('POST', '/me/lever/orders', token, {
      symbol: s.symbol,
      side: i % 2 ? 'short' : 'long',
      type: 'market',
      lots: s.minLots,
      multiple: s.multiples[0],
    });
  }
  if (SCREENS.has('lever'))
    await report(
      'lever: 50 positions x 10 price updates/s',
      async () => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.addInitScript((t) => localStorage.setItem('token', t), token);
        await page.goto(`${base}/h5/pages/lever/leverList`);
        await page.getByTestId('position-row').nth(49).waitFor({ timeout: 20_000 });
        return page;
      },
      () => host.world.clock.advance(1000),
      10,
    );
} finally {
  await browser.close();
  await app.close();
}
