/**
 * The K-line page: chart with history and live candle, periods, the K-line | Depth views, the OHLC
 * readout, indicators (the price pane's and the pane below), fullscreen and a phone held sideways,
 * order book, trades, Buy / Sell; the trade form's starting price.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { appPath, loginWithToken } from '../fixtures/helpers.ts';
import { screenshot } from '../fixtures/shots.ts';
import { formatAmount, formatCompact } from '../../web/src/lib/format.ts';

const KLINE = 'pages/market/kline?symbol=BTC/USDT';

function isKline(url: string, period: string): boolean {
  const u = new URL(url);
  return u.pathname.endsWith('/api/market/kline') && u.searchParams.get('symbol') === 'BTC/USDT' && u.searchParams.get('period') === period;
}

async function candleCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('kline-chart').getAttribute('data-count')) ?? 0);
}

test('the chart renders the default period with candles, and the header shows the ticker', async ({ page }) => {
  const history = page.waitForRequest((r) => isKline(r.url(), '1min'));
  await page.goto(KLINE);
  await history;
  await expect(page.getByTestId('kline-symbol')).toHaveText('BTC/USDT');
  await expect(page.getByTestId('kline-last')).not.toBeEmpty();
  await expect(page.getByTestId('kline-high')).not.toBeEmpty();
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await expect.poll(() => candleCount(page)).toBeGreaterThan(50);
  await expect(page.getByTestId('period-1min')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('dir', 'ltr');
});

test("switching the period loads that period's history", async ({ page }) => {
  await page.goto(KLINE);
  await expect.poll(() => candleCount(page)).toBeGreaterThan(0);
  const first = await page.getByTestId('kline-chart').getAttribute('data-last-time');
  const request = page.waitForRequest((r) => isKline(r.url(), '15min'));
  await page.getByTestId('period-15min').click();
  await request;
  await expect(page.getByTestId('period-15min')).toHaveAttribute('aria-pressed', 'true');
  // The last 15-minute candle starts on a quarter hour.
  await expect.poll(async () => Number(await page.getByTestId('kline-chart').getAttribute('data-last-time')) % (15 * 60_000)).toBe(0);
  // The live candle of the new period may be drawn a moment before its history arrives.
  await expect.poll(() => candleCount(page)).toBeGreaterThan(1);
  expect(first).not.toBeNull();
});

test('the live candle: a new minute appends a candle', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await page.goto(KLINE);
  await expect.poll(() => candleCount(page)).toBeGreaterThan(0);
  const count = await candleCount(page);
  const lastTime = Number(await page.getByTestId('kline-chart').getAttribute('data-last-time'));
  // The socket may still be joining the topic: advance until the event arrives.
  await expect(async () => {
    await server.control.clock({ advanceMs: 60_000 });
    await expect.poll(() => candleCount(page), { timeout: 1_500 }).toBeGreaterThan(count);
  }).toPass({ timeout: 10_000 });
  expect(Number(await page.getByTestId('kline-chart').getAttribute('data-last-time'))).toBeGreaterThan(lastTime);
});

test('the order book tab shows 20 bids and 20 asks', async ({ page }) => {
  await page.goto(KLINE);
  await page.getByTestId('tab-book').click();
  await expect(page.getByTestId('book-bid')).toHaveCount(20);
  await expect(page.getByTestId('book-ask')).toHaveCount(20);
});

test('the trades tab lists recent trades, newest first', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await page.goto(KLINE);
  await page.getByTestId('tab-trades').click();
  const rows = page.getByTestId('trade-row');
  await expect(rows.first()).toBeVisible();
  const times = (await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-time'))))) as number[];
  expect(times.length).toBeGreaterThan(0);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expect(rows.first().locator('span').nth(1)).toHaveCSS('color', /rgb\((4, 117, 72|194, 31, 55)\)/);
});

test('Buy and Sell go to the trade page with the symbol and side', async ({ page }) => {
  await page.goto(KLINE);
  await page.getByTestId('kline-buy').click();
  await expect.poll(() => appPath(page)).toBe('/pages/trade/trade');
  expect(new URL(page.url()).searchParams.get('side')).toBe('buy');
  expect(new URL(page.url()).searchParams.get('symbol')).toBe('BTC/USDT');
  await page.goBack();
  await page.getByTestId('kline-sell').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('side')).toBe('sell');
  expect(new URL(page.url()).searchParams.get('symbol')).toBe('BTC/USDT');
});

test('an unknown symbol shows a clear message', async ({ page }) => {
  await page.goto('pages/market/kline?symbol=NOPE/USDT');
  await expect(page.getByTestId('kline-unknown')).toContainText('There is no market for NOPE/USDT');
});

test('a market row opens its K-line', async ({ page }) => {
  await page.goto('pages/market/market');
  await page.locator('[data-testid="ticker-row"][data-symbol="ETH/USDT"] a').click();
  await expect(page.getByTestId('kline-symbol')).toHaveText('ETH/USDT');
});

test('the star in the header adds the symbol to the favourites', async ({ page }) => {
  await loginWithToken(page);
  await page.goto(KLINE);
  const star = page.getByRole('button', { name: 'Add BTC/USDT to favourites' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(page.getByRole('button', { name: 'Remove BTC/USDT from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('pages/market/market?tab=favorites');
  await expect(page.getByTestId('ticker-row')).toHaveAttribute('data-symbol', 'BTC/USDT');
});

// ---- chart views, readout, indicators, fullscreen (issue #18) ----------------------------------

test('the Depth tab draws the live book: bids below asks, and touching a side reads out its level', async ({ page }) => {
  await page.goto(KLINE);
  const depthTab = page.getByRole('tab', { name: 'Depth' });
  await depthTab.click();
  await expect(depthTab).toHaveAttribute('aria-selected', 'true');
  const depth = page.getByTestId('depth-chart');
  await expect(depth.locator('canvas').first()).toBeVisible();
  await expect.poll(async () => Number(await depth.getAttribute('data-bid-levels'))).toBeGreaterThan(5);
  expect(Number(await depth.getAttribute('data-ask-levels'))).toBeGreaterThan(5);
  const bestBid = Number(await depth.getAttribute('data-best-bid'));
  const bestAsk = Number(await depth.getAttribute('data-best-ask'));
  expect(bestBid).toBeGreaterThan(0);
  expect(bestBid).toBeLessThan(bestAsk);
  // Bids on the left, asks on the right, with the level reached and the amount up to it.
  const box = (await depth.boundingBox())!;
  const readout = page.getByTestId('depth-readout');
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height / 2);
  await expect(readout).toHaveAttribute('data-side', 'bid');
  const bidPrice = Number((await page.getByTestId('depth-readout-price').innerText()).replace(/,/g, ''));
  expect(bidPrice).toBeLessThanOrEqual(bestBid);
  await expect(page.getByTestId('depth-readout-total')).toHaveText(/^\d[\d,.]* BTC$/);
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(readout).toHaveAttribute('data-side', 'ask');
  expect(Number((await page.getByTestId('depth-readout-price').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(bestAsk);
});

test("the readout above the chart shows the touched candle's open, high, low, close and volume", async ({ page, server, api }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await page.goto(KLINE);
  await expect.poll(() => candleCount(page)).toBeGreaterThan(50);
  const { candles } = await api.ok('getKline', { query: { symbol: 'BTC/USDT', period: '1min' } });
  const readout = page.getByTestId('kline-readout');
  // At rest: the latest candle.
  await expect(readout).toHaveAttribute('data-time', String(candles.at(-1)!.time));
  const box = (await page.getByTestId('kline-chart').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect(readout).toHaveAttribute('data-hovered', 'true');
  const time = Number(await readout.getAttribute('data-time'));
  const candle = candles.find((c) => c.time === time)!;
  expect(candle).toBeDefined();
  expect(time).toBeLessThan(candles.at(-1)!.time);
  for (const k of ['open', 'high', 'low', 'close'] as const) await expect(page.getByTestId(`readout-${k}`)).toHaveText(formatAmount(candle[k], 2, 'en'));
  await expect(page.getByTestId('readout-volume')).toHaveText(formatCompact(candle.volume, 'en'));
  await page.mouse.move(0, 0);
  await expect(readout).toHaveAttribute('data-hovered', 'false');
});

test('an indicator switched on stays on after a reload', async ({ page }) => {
  await page.goto(KLINE);
  const chart = page.getByTestId('kline-chart');
  await expect.poll(() => candleCount(page)).toBeGreaterThan(0);
  // MA on the price, VOL below it by default.
  await expect(page.getByRole('button', { name: 'MA', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-lines', 'MA7 MA25 MA99');
  const boll = page.getByRole('button', { name: 'BOLL' });
  await boll.click();
  await expect(boll).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-lines', 'MA7 MA25 MA99 BOLL UP DN');
  await expect(page.getByTestId('kline-legend')).toContainText('BOLL(20,2)');
  await page.getByRole('button', { name: 'VOL' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'BOLL' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'VOL' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chart).toHaveAttribute('data-indicators', 'ma boll');
  await expect(chart).toHaveAttribute('data-sub', 'none');
});

test('the pane below the price shows one of VOL, MACD, KDJ and RSI with its legend, or none; the choice stays', async ({ page }) => {
  await page.goto(KLINE);
  const chart = page.getByTestId('kline-chart');
  const legend = page.getByTestId('kline-sub-legend');
  await expect.poll(() => candleCount(page)).toBeGreaterThan(50);
  // Volume in a pane of its own, so the price axis stops above it.
  await expect(page.getByRole('button', { name: 'VOL' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-panes', '2');
  await expect(legend).toContainText('VOL');
  await page.getByRole('button', { name: 'MACD' }).click();
  await expect(page.getByRole('button', { name: 'VOL' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chart).toHaveAttribute('data-sub', 'macd');
  await expect(legend).toContainText('MACD(12,26,9)');
  await expect(legend).toContainText(/DIF -?[\d,]+\.\d{2}\s*DEA -?[\d,]+\.\d{2}/);
  await page.getByRole('button', { name: 'KDJ' }).click();
  await expect(legend).toContainText(/KDJ\(9,3,3\)\s*K [\d.-]+\s*D [\d.-]+\s*J [\d.-]+/);
  await page.getByRole('button', { name: 'RSI' }).click();
  await expect(legend).toContainText('RSI(14)');
  const rsi = Number((await legend.innerText()).match(/RSI\(14\)\s*([\d.]+)/)![1]);
  expect(rsi).toBeGreaterThanOrEqual(0);
  expect(rsi).toBeLessThanOrEqual(100);
  await screenshot(page, 'market', 'kline-rsi', { fullPage: false });
  // Choosing the one shown hides the pane.
  await page.getByRole('button', { name: 'RSI' }).click();
  await expect(chart).toHaveAttribute('data-panes', '1');
  await expect(legend).toHaveCount(0);
  await page.getByRole('button', { name: 'KDJ' }).click();
  await expect(chart).toHaveAttribute('data-panes', '2');
  await page.reload();
  await expect(page.getByRole('button', { name: 'KDJ' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-sub', 'kdj');
  await expect(legend).toContainText('KDJ(9,3,3)');
});

test('fullscreen fills the screen and Escape closes it', async ({ page }) => {
  await page.goto(KLINE);
  await expect.poll(() => candleCount(page)).toBeGreaterThan(0);
  const chart = page.getByTestId('kline-chart');
  const before = (await chart.boundingBox())!.height;
  await page.getByRole('button', { name: 'Full screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'BTC/USDT chart' });
  await expect(dialog).toBeVisible();
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect.poll(async () => (await chart.boundingBox())!.height).toBeGreaterThan(before + 200);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  await expect.poll(async () => (await chart.boundingBox())!.height).toBe(before);
});

test('held sideways, the chart takes the screen: its width and most of its height, the price in its bar, nothing sideways', async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto(KLINE);
  await expect.poll(() => candleCount(page)).toBeGreaterThan(0);
  const section = page.getByTestId('chart-section');
  await expect(section).toHaveAttribute('data-fullscreen', 'true');
  await expect(page.getByTestId('chart-bar-ticker')).toContainText(/BTC\/USDT\s*[\d,]+\.\d{2}\s*[+-]?\d/);
  const chart = page.getByTestId('kline-chart');
  await expect.poll(async () => (await chart.boundingBox())!.width).toBeGreaterThan(844 * 0.9);
  expect((await chart.boundingBox())!.height).toBeGreaterThan(390 * 0.6);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);
  await screenshot(page, 'market', 'kline-landscape', { fullPage: false });
  // The page itself is still there: leaving full screen shows it, without sideways scrolling.
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(section).toHaveAttribute('data-fullscreen', 'false');
  await expect(page.getByTestId('kline-buy')).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  // Upright again, the page as usual.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toHaveAttribute('data-fullscreen', 'false');
});

test('the trade form starts at the last price; a price typed stays', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await loginWithToken(page);
  await page.goto('pages/trade/trade?symbol=BTC/USDT&side=buy');
  const price = page.getByTestId('price-input');
  await expect(price).not.toHaveValue('');
  await expect(page.getByTestId('book-last')).toHaveText(await price.inputValue()); // both the English way, grouped
  await expect(price).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await price.fill('60000');
  await page.getByTestId('book-grouping').focus();
  await expect(price).toHaveValue('60,000'); // grouped once left
});
