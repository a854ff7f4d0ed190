/**
 * Earn products against the mock: lock an amount (the figures before confirming, the daily
 * payments as the clock moves, an early redemption that states its penalty), buy machine shares
 * (cost, output in BTC, stock), deposit into savings (interest at maturity), the `earning`
 * scenario's positions on every page in the pseudo locale, and screenshots in light and dark,
 * English, German and Arabic.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, layoutProblems, loginWithToken, setPreferences, shown, toast, untranslated, openPage, wrappedOrCut } from '../fixtures/helpers.ts';
import { screenshot } from '../fixtures/shots.ts';

const DAY = 86_400_000;

test.beforeEach(async ({ server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
});

async function funds(page: Page, token: string, coin = 'USDT') {
  const wallet = await apiOf(page).ok('getWallet', { token });
  return wallet.accounts.find((a) => a.kind === 'funds')!.balances.find((b) => b.coin === coin)!.available;
}

async function confirm(page: Page) {
  await page.getByTestId('earn-sheet-confirm').click();
  await expect(page.getByTestId('earn-sheet')).toBeHidden();
}

test('lock-up mining: bounds on the form, the daily payment and total before confirming, payments as days pass, an early redemption with its penalty', async ({
  page,
  server,
}) => {
  const token = await loginWithToken(page);
  await page.goto('pages/lockming/index');
  await expect(page.locator('[data-testid=earn-lock-product][data-id=lk_usdt_90]')).toHaveAttribute('data-status', 'not_started');
  await expect(page.locator('[data-testid=earn-lock-product][data-id=lk_usdt_90]').getByTestId('earn-choose')).toHaveCount(0);
  const product = page.locator('[data-testid=earn-lock-product][data-id=lk_usdt_30]');
  await expect(product.getByTestId('earn-early')).toHaveText('Can be redeemed early: \u20682%\u2069 of the amount is kept as a penalty.');
  // The yield as an annual rate beside the daily one, and the risks before anything is locked.
  await expect(product.getByTestId('earn-apr')).toHaveText('APR \u206814.6%\u2069');
  await expect(page.getByTestId('risk-note')).toContainText('not guaranteed by anyone else');
  await product.getByTestId('earn-choose').click();
  await page.getByTestId('earn-amount').fill('100');
  await expect(page.getByText('Enter an amount from')).toBeVisible();
  await page.getByTestId('earn-amount').fill('1000');
  const estimate = page.getByTestId('earn-estimate');
  await expect(estimate).toContainText('0.40 USDT');
  await expect(estimate).toContainText('12.00 USDT');
  await expect(estimate).toContainText('20.00 USDT');
  await page.getByTestId('earn-submit').click();
  await expect(page.getByTestId('earn-sheet')).toContainText('1,000.00 USDT');
  await confirm(page);
  await expect(toast(page, 'Done. You can follow it in your list.')).toBeVisible();
  expect(await funds(page, token)).toBe('9000.000000');

  await page.getByTestId('earn-to-mine').click();
  const position = page.getByTestId('earn-position');
  await expect(position).toHaveCount(1);
  await expect(position.getByTestId('earn-position-earned')).toHaveText(shown('0.00 USDT'));
  // Three days pass: three payments, live.
  await server.control.clock({ advanceMs: 3 * DAY + 1000 });
  await expect(position.getByTestId('earn-position-earned')).toHaveText(shown('1.20 USDT'));
  await expect(position).toContainText('3 of 30');
  await expect(position.getByTestId('earn-days-left')).toHaveText('27');

  await position.getByTestId('earn-redeem').click();
  await expect(page.getByTestId('earn-sheet')).toContainText('20.00 USDT');
  await expect(page.getByTestId('earn-sheet')).toContainText('980.00 USDT');
  await confirm(page);
  await expect(position).toHaveCount(0);
  await page.getByTestId('earn-filter').getByText('Ended').click();
  await expect(position).toHaveAttribute('data-status', 'redeemed');
  // What came back, not what the whole 30 days would have paid.
  await expect(position.getByTestId('earn-position-returned')).toHaveText(shown('980.00 USDT'));
  await expect(position).not.toContainText('Expected in all');
  expect(await funds(page, token)).toBe('9981.200000');
});

test('mining machines: cost and output before buying, the stock limit, daily output in BTC', async ({ page, server }) => {
  const token = await loginWithToken(page);
  const btc = Number(await funds(page, token, 'BTC'));
  await page.goto('pages/lockming/lockmingindex');
  await expect(page.getByTestId('earn-machine')).toHaveCount(3);
  await page.locator('[data-testid=earn-machine][data-id=mc_l7]').click();
  await page.getByTestId('earn-quantity').fill('5');
  await expect(page.getByText('Only 3 left')).toBeVisible();
  await expect(page.getByTestId('earn-submit')).toBeDisabled();

  await page.goto('pages/lockming/lockmingdetail?id=mc_s19');
  await page.getByTestId('earn-quantity').fill('2');
  const estimate = page.getByTestId('earn-estimate');
  await expect(estimate).toContainText('600.00 USDT');
  await expect(estimate).toContainText('0.000080 BTC');
  await expect(estimate).toContainText('0.014400 BTC');
  await page.getByTestId('earn-submit').click();
  await confirm(page);
  await expect(page).toHaveURL(/pages\/lockming\/list\?kind=machine/);
  const position = page.getByTestId('earn-position');
  await expect(position).toHaveAttribute('data-kind', 'machine');
  await expect(position.getByTestId('earn-position-shares')).toHaveText('2');
  await server.control.clock({ advanceMs: 2 * DAY + 1000 });
  await expect(position.getByTestId('earn-position-earned')).toHaveText(shown('0.000160 BTC'));
  expect(Number(await funds(page, token, 'BTC'))).toBeCloseTo(btc + 0.00016, 8);
  expect(await funds(page, token)).toBe('9400.000000');
  await page.goto('pages/lockming/lockmingindex');
  await expect(page.locator('[data-testid=earn-machine][data-id=mc_s19]')).toContainText('118 left');
});

test('coin savings: the interest before confirming, nothing until maturity, then the amount and the interest; the history lists it', async ({
  page,
  server,
}) => {
  await loginWithToken(page);
  await page.goto('pages/coin/index');
  const product = page.locator('[data-testid=earn-savings-product][data-id=sv_usdt_90]');
  await product.getByTestId('earn-choose').click();
  await page.getByTestId('earn-amount').fill('2000');
  await expect(page.getByTestId('earn-estimate')).toContainText('24.65 USDT');
  await page.getByTestId('earn-submit').click();
  await confirm(page);
  await expect(product.getByTestId('earn-my-deposit')).toContainText('2,000.00 USDT');
  await page.getByTestId('earn-history').click();
  await expect(page).toHaveURL(/pages\/coin\/coinlog$/);
  await expect(page.getByTestId('earn-position')).toHaveAttribute('data-status', 'running');

  // 89 days on (a session does not outlive 30 idle days: log in again).
  await server.control.clock({ advanceMs: 89 * DAY });
  const token = await loginWithToken(page);
  expect(await funds(page, token)).toBe('8000.000000');
  await server.control.clock({ advanceMs: DAY });
  expect(await funds(page, token)).toBe('10024.657534');
  await page.goto('pages/coin/coinlog');
  await page.getByTestId('earn-filter').getByText('Matured').click();
  await expect(page.getByTestId('earn-position')).toHaveAttribute('data-status', 'ended');
  await expect(page.getByTestId('earn-position-earned')).toHaveText(shown('24.65 USDT'));
});

const PAGES = {
  lock: 'pages/lockming/index',
  machines: 'pages/lockming/lockmingindex',
  machine: 'pages/lockming/lockmingdetail?id=mc_s21',
  mine: 'pages/lockming/list',
  mineMachines: 'pages/lockming/list?kind=machine',
  savings: 'pages/coin/index',
  deposits: 'pages/coin/coinlog',
};

test('the earning scenario: a position of each kind on the pages; every string from the dictionaries', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true, scenario: 'earning' });
  await loginWithToken(page);
  for (const [name, url] of Object.entries(PAGES)) {
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}pseudo=1`);
    await expect(page.locator('main [data-testid]').first()).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    if (['mine', 'mineMachines', 'deposits'].includes(name)) await expect(page.getByTestId('earn-position')).toHaveCount(1);
    expect(await untranslated(page), name).toEqual([]);
  }
  await page.goto('pages/mine/about?pseudo=0');
});

test('my lock-ups and machines: the tabs in German words, each on one line', async ({ page }) => {
  await loginWithToken(page);
  await setPreferences(page, 'de', 'dark');
  await page.goto('pages/lockming/list');
  await expect(page.getByTestId('earn-kind').locator('[data-segment-label]')).toHaveText(['Gesperrte Beträge', 'Maschinen']);
  expect(await wrappedOrCut(page, '[data-segment-label]')).toEqual([]);
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of the earn pages in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page, server }) => {
    // Eight (seven) pages in two themes: more than the default 30 s budget on a busy machine.
    test.slow();
    await server.control.reset({ seed: 42, freezeClock: true, scenario: 'earning' });
    await loginWithToken(page);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      for (const [name, url] of Object.entries(PAGES)) {
        await openPage(page, url);
        await expect(page.locator('main [data-testid]').first()).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        if (name === 'lock') await page.locator('[data-testid=earn-lock-product][data-id=lk_usdt_30]').getByTestId('earn-choose').click();
        if (name === 'lock') await page.getByTestId('earn-amount').fill('1000');
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'earn', `${name}-${lang}-${theme}`);
      }
    }
  });
}
