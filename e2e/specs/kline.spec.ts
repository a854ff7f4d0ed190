/** The K-line page: chart with history and live candle, periods, order book, trades, Buy / Sell. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { appPath, loginWithToken } from '../fixtures/helpers.ts';

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

test('the trades tab lists recent trades, newest first', async ({ page }) => {
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
