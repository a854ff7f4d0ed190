/**
 * `npm run bench:render`: how the two busiest screens hold up under a fast feed, in Chromium with
 * 4x CPU throttling, over 10 s each:
 *   - the markets page with 200 symbols, each updated 10 times a second (20 tickers events/s);
 *   - the trade page with its order book updated 20 times a second.
 * The feed goes through the real socket.io server and the app's real client (validators included).
 * Prints the longest main-thread task and the share of time the main thread was busy (targets:
 * no task over 50 ms, under 30 % busy). Figures only; exits 0 once it has measured.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { createServer } from '../mock-server/src/http/server.ts';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const staticDir = join(root, 'dist', 'h5');
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error('bench/render: dist/h5 is missing: run `npm run build` first (or `npm run bench:render`, which builds).');
  process.exit(1);
}

const SECONDS = 10;
const THROTTLE = 4;

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
      time: Date.now(),
    };
  });
}

/** Main-thread busy time (CDP TaskDuration) and long tasks (PerformanceObserver) over a window. */
async function measure(page: Page, label: string, feed: () => void, hz: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __long: number };
    w.__longest = 0;
    w.__long = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longest = Math.max(w.__longest, e.duration);
        w.__long += 1;
      }
    }).observe({ type: 'longtask', buffered: false });
  });
  const taskDuration = async () =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) as number;
  const before = await taskDuration();
  const started = Date.now();
  const timer = setInterval(feed, 1000 / hz);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timer);
  const elapsed = (Date.now() - started) / 1000;
  const busy = (await taskDuration()) - before;
  const { longest, long } = await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __long: number };
    return { longest: w.__longest, long: w.__long };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const share = (busy / elapsed) * 100;
  console.log(
    `${label.padEnd(44)} longest task ${longest ? `${longest.toFixed(0)} ms` : '< 50 ms (none reported)'} ` +
      `(${long} over 50 ms), main thread busy ${share.toFixed(1)} % of ${elapsed.toFixed(1)} s` +
      `  [targets: no task over 50 ms, under 30 %: ${longest <= 50 && share < 30 ? 'met' : 'NOT met'}]`,
  );
}

const { app, host, io } = await createServer({ staticDir, world: { seed: 42, freezeClock: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  console.log(`Render benchmark: Chromium, 390x844, ${THROTTLE}x CPU throttling, ${SECONDS} s per screen\n`);

  // 1. Markets: 200 symbols (the REST list is replaced by the synthetic one), 10 updates/s each.
  const markets = await browser.newPage({ viewport: { width: 390, height: 844 } });
  let step = 0;
  await markets.route('**/api/market/tickers', (route) =>
    route.fulfill({ json: { type: 'ok', message: syntheticTickers(200, step) } }),
  );
  await markets.goto(`${base}/h5/pages/market/market`);
  await markets.getByTestId('ticker-row').first().waitFor();
  await measure(
    markets,
    'markets: 200 symbols x 10 updates/s',
    () => {
      step += 1;
      io.to('tickers').emit('tickers', { time: Date.now(), tickers: syntheticTickers(200, step) });
    },
    10,
  );
  await markets.close();

  // 2. Trade page: the BTC/USDT book moves 20 times a second (one update per virtual second).
  const trade = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await trade.goto(`${base}/h5/pages/trade/trade?symbol=BTC/USDT`);
  await trade.getByText('Spread', { exact: false }).first().waitFor({ timeout: 15_000 });
  await measure(
    trade,
    'trade: order book x 20 updates/s',
    // Each virtual second the server sends the book's changes to depth:BTC/USDT (and the tickers).
    () => host.world.clock.advance(1000),
    20,
  );
  await trade.close();
} finally {
  await browser.close();
  await app.close();
}
