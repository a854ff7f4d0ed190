/**
 * Second contracts: the risk notice, buying through the confirmation sheet (once however fast the
 * tap), the countdown on the server's clock, results decided by the price alone (win, loss, tie,
 * two at once), a contract settled while the page was closed, checks before anything is sent, and
 * screenshots in light and dark, English, German and Arabic. Outcomes are reached by moving the
 * price with the control API (`mockPrice`, held so the walk cannot undo it) and the clock.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from '../fixtures/server.ts';
import { apiOf, layoutProblems, loginWithToken, QUIET_PAGE, recordApiCalls, shown, toast, untranslated } from '../fixtures/helpers.ts';
import { screenshot } from '../fixtures/shots.ts';

const SECOND = 'pages/market/second?symbol=BTC/USDT';
const BUY_PATH = '/me/second/orders';

const hold = (server: MockServer, symbol: string, price: string) => server.control.call('mockPrice', { symbol, price, hold: true });

/** The demo user logged in, the risk notice accepted and `fund` USDT in the second-contract account; BTC/USDT held at 64000. */
async function setup(page: Page, server: MockServer, { fund = '1000', freezeClock = true }: { fund?: string; freezeClock?: boolean } = {}) {
  await server.control.reset({ seed: 42, freezeClock });
  await hold(server, 'BTC/USDT', '64000.00');
  const token = await loginWithToken(page);
  await page.evaluate(() => localStorage.setItem('secondRiskAccepted', '1'));
  if (fund !== '0') await apiOf(page).ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'second', amount: fund } });
  return token;
}

test('the risk notice comes first and is remembered once accepted; a guest gets a login button', async ({ page }) => {
  await page.goto(SECOND);
  const notice = page.getByRole('dialog', { name: 'Second-contract risk' });
  await expect(notice).toContainText('a loss costs the whole stake');
  await expect(notice).toContainText('decided only by the price at expiry');
  await page.getByTestId('second-risk-accept').click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('second-last')).not.toHaveText('--');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('second-login')).toBeVisible();
});

test('up wins when the price is higher at expiry: confirmed once, counted down, settled with a toast and the balance', async ({ page, server }) => {
  await setup(page, server);
  const calls = recordApiCalls(page);
  await page.goto(SECOND);
  await expect(page.getByTestId('second-available')).toHaveText(shown('1,000.00 USDT'));
  await page.getByTestId('second-period-30').click();
  await page.getByTestId('second-quick-100').click();
  await expect(page.getByTestId('second-if-win')).toHaveText(shown('+80.00 USDT'));
  await page.getByTestId('second-up').click();
  const sheet = page.getByTestId('second-confirm');
  await expect(sheet.getByTestId('confirm-stake')).toHaveText(shown('100.00 USDT'));
  await expect(sheet.getByTestId('confirm-period')).toHaveText('30 s');
  await expect(sheet.getByTestId('confirm-payout')).toHaveText(shown('180.00 USDT'));
  await expect(sheet.getByTestId('confirm-terms')).toContainText('you lose the whole stake');
  // A double tap buys once.
  await page.getByTestId('second-confirm-submit').dblclick();
  await expect(toast(page, 'Contract bought')).toBeVisible();
  const card = page.getByTestId('running-contract');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('contract-open')).toHaveText('64,000.00');
  expect(calls.filter((c) => c.method === 'POST' && c.path === BUY_PATH)).toHaveLength(1);
  await expect(page.getByTestId('second-chart')).toHaveAttribute('data-price-lines', '1');
  await expect(page.getByTestId('second-available')).toHaveText(shown('900.00 USDT'));

  await hold(server, 'BTC/USDT', '64100.00');
  await expect(card).toHaveAttribute('data-estimate', 'win');
  await expect(card.getByTestId('contract-estimate')).toHaveText(shown('+80.00 USDT'));
  await server.control.clock({ advanceMs: 30_000 });
  await expect(toast(page, /closed at 64,100\.00: you won/)).toBeVisible();
  await expect(page.getByTestId('running-contract')).toHaveCount(0);
  await expect(page.getByTestId('second-available')).toHaveText(shown('1,080.00 USDT'));
  await page.getByTestId('second-tab-settled').click();
  const settled = page.getByTestId('settled-contract');
  await expect(settled).toHaveAttribute('data-result', 'win');
  await expect(settled.getByTestId('contract-close')).toHaveText('64,100.00');
  await expect(settled.getByTestId('contract-pnl')).toHaveText(shown('+80.00 USDT'));
});

test('two at once: down loses when the price rises, an unchanged price is a tie', async ({ page, server }) => {
  const token = await setup(page, server);
  await hold(server, 'ETH/USDT', '3000.00');
  const api = apiOf(page);
  await api.ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'down', period: 60, stake: '100' } });
  await api.ok('buySecond', { token, body: { symbol: 'ETH/USDT', direction: 'up', period: 60, stake: '50' } });
  await page.goto(SECOND);
  await expect(page.getByTestId('running-contract')).toHaveCount(2);
  await hold(server, 'BTC/USDT', '64000.50');
  await expect(page.getByTestId('running-contract').filter({ hasText: 'BTC/USDT' })).toHaveAttribute('data-estimate', 'loss');
  await expect(page.getByTestId('running-contract').filter({ hasText: 'ETH/USDT' })).toHaveAttribute('data-estimate', 'tie');
  await server.control.clock({ advanceMs: 60_000 });
  await expect(toast(page, /BTC\/USDT closed at 64,000\.50: you lost/)).toBeVisible();
  await expect(toast(page, /ETH\/USDT closed at 3,000\.00, unchanged/)).toBeVisible();
  await expect(page.getByTestId('second-available')).toHaveText(shown('900.00 USDT'));
  await page.getByTestId('second-tab-settled').click();
  await expect(page.getByTestId('settled-contract').filter({ hasText: 'BTC/USDT' })).toHaveAttribute('data-result', 'loss');
  await expect(page.getByTestId('settled-contract').filter({ hasText: 'BTC/USDT' }).getByTestId('contract-pnl')).toHaveText(shown('-100.00 USDT'));
  await expect(page.getByTestId('settled-contract').filter({ hasText: 'ETH/USDT' })).toHaveAttribute('data-result', 'tie');
});

test('the countdown runs on the server clock and decreases', async ({ page, server }) => {
  const token = await setup(page, server, { freezeClock: false });
  await apiOf(page).ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'up', period: 60, stake: '20' } });
  await page.goto(SECOND);
  const countdown = page.getByTestId('contract-countdown');
  await expect(countdown).toHaveAttribute('data-seconds', /^(5\d|60)$/);
  const first = Number(await countdown.getAttribute('data-seconds'));
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 5000 }).toBeLessThanOrEqual(first - 2);
  // A clock jump on the server shows at once: 40 s later, at most 20 s are left.
  await server.control.clock({ advanceMs: 40_000 });
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 5000 }).toBeLessThanOrEqual(20);
});

test('a contract settles on the server while the page is closed; coming back shows it settled', async ({ page, server }) => {
  const token = await setup(page, server);
  await apiOf(page).ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '10' } });
  await hold(server, 'BTC/USDT', '63990.00');
  await page.goto(QUIET_PAGE);
  await server.control.clock({ advanceMs: 31_000 });
  await page.goto(SECOND);
  await expect(page.getByTestId('second-no-running')).toBeVisible();
  await page.getByTestId('second-tab-settled').click();
  await expect(page.getByTestId('settled-contract')).toHaveAttribute('data-result', 'loss');
});

test('a stake out of bounds or above the balance is caught before anything is sent; the server refuses a closed market', async ({ page, server }) => {
  await setup(page, server, { fund: '200' });
  const calls = recordApiCalls(page);
  await page.goto(SECOND);
  await expect(page.getByTestId('second-available')).toHaveText(shown('200.00 USDT'));
  const stake = page.getByTestId('second-stake');
  await stake.fill('5');
  await page.getByTestId('second-up').click();
  await expect(page.getByText('The stake for this period goes from 10 to 5,000 USDT')).toBeVisible();
  await stake.fill('300');
  await page.getByTestId('second-down').click();
  await expect(page.getByText('Not enough USDT in the second-contract account')).toBeVisible();
  await stake.fill('');
  await page.getByTestId('second-up').click();
  await expect(page.getByText('Enter the stake')).toBeVisible();
  await expect(page.getByTestId('second-confirm-submit')).toHaveCount(0);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await server.control.call('mockMarket', { symbol: 'BTC/USDT', liquidity: 'none' });
  await stake.fill('50');
  await page.getByTestId('second-up').click();
  await page.getByTestId('second-confirm-submit').click();
  await expect(toast(page, 'The BTC/USDT market is closed at the moment')).toBeVisible();
  await expect(page.getByTestId('second-available')).toHaveText(shown('200.00 USDT'));
});

test('every visible string comes from the dictionaries (pseudo locale), with running and settled contracts', async ({ page, server }) => {
  const token = await setup(page, server);
  const api = apiOf(page);
  await api.ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '10' } });
  await server.control.clock({ advanceMs: 30_000 });
  await api.ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'down', period: 60, stake: '10' } });
  await page.goto(`${SECOND}&pseudo=1`);
  await expect(page.getByTestId('running-contract')).toHaveCount(1);
  await page.getByTestId('second-stake').fill('5');
  await page.getByTestId('second-up').click();
  expect(await untranslated(page)).toEqual([]);
  await page.getByTestId('second-tab-settled').click();
  await expect(page.getByTestId('settled-contract')).toHaveCount(1);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of (process.env.SECOND_LANGS ?? 'en,de,ar').split(',')) {
  test(`screenshots in ${lang}, light and dark: nothing scrolls sideways or is cut off, the chart stays left to right`, async ({ page, server }) => {
    test.setTimeout(90_000);
    const token = await setup(page, server);
    const api = apiOf(page);
    await api.ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '100' } });
    await api.ok('buySecond', { token, body: { symbol: 'BTC/USDT', direction: 'down', period: 300, stake: '500' } });
    await hold(server, 'BTC/USDT', '64012.34');
    await server.control.clock({ advanceMs: 30_000 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate(
        ([l, th]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('theme', th);
          localStorage.removeItem('secondRiskAccepted');
        },
        [lang, theme],
      );
      const shoot = async (name: string) => {
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'second', `${name}-${lang}-${theme}`);
      };
      await page.goto(SECOND);
      await expect(page.getByTestId('second-risk-accept')).toBeVisible();
      await shoot('risk-notice');
      await page.getByTestId('second-risk-accept').click();
      await expect(page.getByTestId('running-contract')).toHaveCount(1);
      await expect(page.getByTestId('second-chart')).toHaveAttribute('dir', 'ltr');
      await page.getByTestId('second-stake').fill('250');
      await shoot('second');
      await page.getByTestId('second-down').click();
      await expect(page.getByTestId('second-confirm-submit')).toBeVisible();
      await shoot('second-confirm');
      await page.keyboard.press('Escape');
      await page.getByTestId('second-tab-settled').click();
      await expect(page.getByTestId('settled-contract')).toHaveCount(1);
      await shoot('second-settled');
    }
  });
}
