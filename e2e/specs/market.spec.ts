/** Live market data on home and on the markets page; search and sort. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken } from '../fixtures/helpers.ts';

/** The visible prices: home's three headline cards and the ticker rows (movers or the market list). */
async function priceSnapshot(page: Page): Promise<string> {
  const headline = await page.getByTestId('headline-price').allTextContents();
  const rows = await page.getByTestId('ticker-price').allTextContents();
  return JSON.stringify([headline, rows.slice(0, 10)]);
}

/** "+1,234.56%" → 1234.56 */
function parsePercent(text: string): number {
  const n = Number(text.replace(/[,%+\s]/g, ''));
  if (Number.isNaN(n)) throw new Error(`not a percentage: ${text}`);
  return n;
}

test('home shows the headline prices of a logged-in user, live', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await loginWithToken(page);
  await page.goto('pages/home/home');
  await expect(page.getByText(/^Hello, /)).toBeVisible();
  await expect(page.getByTestId('headline-card')).toHaveCount(3);
  await expect(page.getByTestId('headline-price')).toHaveCount(3);
  await expect(page.getByTestId('movers').getByTestId('ticker-row')).toHaveCount(10);
  const first = await priceSnapshot(page);
  await expect.poll(() => priceSnapshot(page), { timeout: 5_000, intervals: [250] }).not.toBe(first);
});

test('the markets page lists every symbol (a virtualised list) and its prices move', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await page.goto('pages/market/market');
  const items = page.getByRole('list', { name: 'Markets' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const size = Number(await items.first().getAttribute('aria-setsize'));
  expect(size).toBeGreaterThanOrEqual(20);
  // Only about a screenful is in the DOM; scrolling to the end brings the last symbol in.
  expect(await items.count()).toBeLessThan(size);
  const first = await priceSnapshot(page);
  await expect.poll(() => priceSnapshot(page), { timeout: 5_000, intervals: [250] }).not.toBe(first);
  // A moving price flashes green or red for a moment.
  // Read in one step: the flash is cleared on a pulse, so a separate read could see another element (or none).
  const flash = () =>
    page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="ticker-price"][data-flash]');
      return el ? `${el.dataset.flash} ${getComputedStyle(el).backgroundColor}` : null;
    });
  await expect.poll(flash, { timeout: 5_000, intervals: [50] }).toMatch(/^(up|down) (?!rgba\(0, 0, 0, 0\))/);
  await page.mouse.wheel(0, 20_000);
  await expect(page.locator(`[role="listitem"][aria-posinset="${size}"]`)).toBeInViewport();
  await expect(page.locator('[role="listitem"][aria-posinset="1"]')).toHaveCount(0);
});

test('searching "eth" leaves only ETH/USDT', async ({ page }) => {
  await page.goto('pages/market/market');
  const rows = page.getByTestId('ticker-row');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Search coin' }).fill('eth');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-symbol', 'ETH/USDT');
  await page.getByRole('textbox', { name: 'Search coin' }).fill('no-such-coin');
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('pairs-empty')).toContainText('No pairs match');
});

test('one list per quote coin: the BTC tab lists the BTC markets only', async ({ page }) => {
  await page.goto('pages/market/market');
  await page.getByTestId('market-tab-btc').click();
  await expect(page).toHaveURL(/\?tab=btc$/);
  const rows = page.getByTestId('ticker-row');
  await expect(rows.first()).toBeVisible();
  const symbols = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
  expect(symbols.length).toBeGreaterThanOrEqual(5);
  expect(symbols.every((s) => s?.endsWith('/BTC'))).toBe(true);
  await expect(rows.first().getByText('/BTC')).toBeVisible();
  await page.getByTestId('market-tab-usdt').click();
  await expect(rows.first()).toHaveAttribute('data-symbol', /\/USDT$/);
});

test('sorting by 24h change orders the rows by change, descending then ascending', async ({ page }) => {
  await page.goto('pages/market/market');
  const rows = page.getByTestId('ticker-row');
  await expect(rows.first()).toBeVisible();
  const sort = page.getByTestId('sort-change');

  await sort.click();
  await expect(sort).toHaveAttribute('data-sort', 'descending');
  await expect(sort).toHaveAttribute('aria-pressed', 'true');
  // One read of the rendered rows (a single snapshot, so live updates cannot interleave).
  const down = (await page.getByTestId('ticker-change').allTextContents()).map(parsePercent);
  expect(down.length).toBeGreaterThanOrEqual(10);
  expect(down).toEqual([...down].sort((a, b) => b - a));

  await sort.click();
  await expect(sort).toHaveAttribute('data-sort', 'ascending');
  const up = (await page.getByTestId('ticker-change').allTextContents()).map(parsePercent);
  expect(up).toEqual([...up].sort((a, b) => a - b));

  await sort.click();
  await expect(sort).toHaveAttribute('data-sort', 'none');
  await expect(sort).toHaveAttribute('aria-pressed', 'false');
});

test('favourites: star a symbol, see it in Favourites, still there after reload, then remove it', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/market/market');
  const eth = page.locator('[data-testid="ticker-row"][data-symbol="ETH/USDT"]');
  await expect(eth).toBeVisible();
  const star = eth.getByTestId('favorite-toggle');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.url().includes('/api/me/favorites') && r.request().method() === 'POST');
  await star.click();
  await saved;
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('market-tab-favorites').click();
  const rows = page.getByTestId('ticker-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-symbol', 'ETH/USDT');

  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-symbol', 'ETH/USDT');
  await expect(rows.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');

  await rows.getByTestId('favorite-toggle').click();
  await expect(page.getByTestId('favorites-empty')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('favorites-empty')).toBeVisible();
});

test('a guest tapping a star is asked to log in', async ({ page }) => {
  await page.goto('pages/market/market');
  const row = page.getByTestId('ticker-row').first();
  await expect(row).toBeVisible();
  await row.getByTestId('favorite-toggle').click();
  await expect(page).toHaveURL(/\/pages\/mine\/login\?redirect=/);
});

test('the Favourites tab of a guest hints at logging in', async ({ page }) => {
  await page.goto('pages/market/market?tab=favorites');
  await expect(page.getByTestId('favorites-empty')).toContainText('Log in');
});
