/**
 * Opening a lever position: the risk notice before the first trade, funding the lever account, the
 * order form (preview, confirmation, inline errors in the user's language, one position for a double
 * tap), and a take-profit or stop-loss set with the order closing it. Prices are set with the control
 * API (`mockPrice`) on a frozen clock, so every figure is known (fixtures/lever.ts).
 */
import { test, expect } from '../fixtures/server.ts';
import { recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import { fillForm, LEVER, ORDERS, price, setup, submitAndConfirm } from '../fixtures/lever.ts';

const OPEN_PATH = '/me/lever/orders';
const opens = (calls: Array<{ method: string; path: string }>) => calls.filter((c) => c.method === 'POST' && c.path === OPEN_PATH);

test('the risk notice comes before the first trade, once: accepted, it is not shown again', async ({ page }) => {
  await page.goto(LEVER);
  const notice = page.getByRole('dialog', { name: 'Leverage risk' });
  await expect(notice).toContainText('can lose the whole margin');
  await expect(notice).toContainText('all your positions are closed automatically');
  await page.getByTestId('lever-risk-accept').click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('leverRiskAccepted'))).toBe('1');
  await page.reload();
  await expect(page.getByTestId('lever-symbol')).toHaveText('BTC/USDT');
  await expect(page.getByTestId('lever-last')).not.toHaveText('--');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A guest sees the form and a login button, no account.
  await expect(page.getByTestId('lever-login')).toBeVisible();
  await expect(page.getByTestId('lever-account')).toHaveCount(0);
});

test('"Not now" on the risk notice leaves the tab without accepting', async ({ page }) => {
  await page.goto(LEVER);
  await page.getByTestId('lever-risk-leave').click();
  await expect(page).toHaveURL(/\/h5\/pages\/home\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('leverRiskAccepted'))).toBeNull();
});

test('an empty lever account links to the transfer; the money moved there shows on coming back', async ({ page, server }) => {
  await setup(page, server, { fund: '0' });
  await page.goto(LEVER);
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('0.00 USDT'));
  await expect(page.getByTestId('lever-empty-account')).toBeVisible();
  await page.getByTestId('lever-transfer').click();
  await expect(page).toHaveURL(/\/h5\/pages\/assets\/transferTolever$/);
  await expect(page.getByTestId('transfer-to')).toHaveValue('lever');
  await page.getByTestId('amount-input').fill('250');
  await page.getByTestId('transfer-submit').click();
  await expect(toast(page, 'Transferred')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('250.00 USDT'));
  await expect(page.getByTestId('lever-available-margin')).toHaveText(shown('250.00 USDT'));
  await expect(page.getByTestId('lever-empty-account')).toHaveCount(0);
});

test('a long at market with a take-profit: preview, confirmation, closed by the take-profit with its P/L in history and the balance moved', async ({
  page,
  server,
  api,
}) => {
  const token = await setup(page, server);
  await page.goto(LEVER);
  await expect(page.getByTestId('lever-last')).toHaveText('64,000.00');
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('1,000.00 USDT'));
  await fillForm(page, { lots: '1', multiple: 10, tp: '65000' });
  await expect(page.getByTestId('lever-quantity')).toHaveText(shown('0.01 BTC'));
  await expect(page.getByTestId('lever-margin')).toHaveText(shown('64.00 USDT'));
  await expect(page.getByTestId('lever-fee')).toHaveText(shown('0.32 USDT'));
  // 1,000 USDT of cross margin for one lot: no BTC price liquidates it.
  await expect(page.getByTestId('lever-liquidation')).toHaveText('--');
  const calls = recordApiCalls(page);
  await page.getByTestId('lever-submit').click();
  const sheet = page.getByRole('dialog', { name: 'Confirm position' });
  await expect(sheet.getByTestId('confirm-side')).toHaveText('Long');
  await expect(sheet.getByTestId('confirm-price')).toHaveText(shown('64,000.00 USDT'));
  await expect(sheet.getByTestId('confirm-multiple')).toHaveText(shown('10×'));
  await expect(sheet.getByTestId('confirm-margin')).toHaveText(shown('64.00 USDT'));
  await expect(sheet.getByTestId('confirm-fee')).toHaveText(shown('0.32 USDT'));
  await expect(sheet.getByTestId('confirm-takeProfit')).toHaveText(shown('65,000.00 USDT'));
  await sheet.getByTestId('lever-confirm-submit').click();
  await expect(toast(page, 'Position opened')).toBeVisible();
  expect(opens(calls)).toHaveLength(1);
  // The fee is paid, the margin frozen; the form is ready for the next one.
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('999.68 USDT'));
  await expect(page.getByTestId('lever-available-margin')).toHaveText(shown('935.68 USDT'));
  await expect(page.getByTestId('lever-lots-input')).toHaveValue('');
  await expect(page.getByTestId('lever-positions-link')).toHaveText('Positions (1)');

  // The price passes the take-profit: closed at 65,000, +10 less the 0.325 closing fee, live on this page.
  await price(server, 'BTC/USDT', '65000.00');
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('1,009.35 USDT'));
  await expect(page.getByTestId('lever-positions-link')).toHaveText('Positions (0)');
  expect((await api.ok('getLeverAccount', { token })).balance).toBe('1009.355000');

  await page.getByTestId('lever-orders-link').click();
  await page.getByTestId('lever-tab-history').click();
  const row = page.getByTestId('lever-order-row').first();
  await expect(row).toHaveAttribute('data-reason', 'take_profit');
  await expect(row.getByTestId('order-status')).toHaveText('Take profit');
  await expect(row.getByTestId('order-realized-pnl')).toHaveText(shown('+10.00 USDT'));
  await expect(row.getByTestId('order-open-price')).toHaveText('64,000.00');
  await expect(row.getByTestId('order-close-price')).toHaveText('65,000.00');
  // 0.645 USDT charged, shown at 2 places truncated as every amount (spec §9).
  await expect(row.getByTestId('order-fees')).toHaveText(shown('0.64 USDT'));
});

test('a short with a stop-loss: a stop on the wrong side is refused inline, the right one closes it at a loss', async ({ page, server, api }) => {
  const token = await setup(page, server);
  await page.goto(LEVER);
  await fillForm(page, { side: 'short', lots: '2', multiple: 20, sl: '63000' });
  await page.getByTestId('lever-submit').click();
  await expect(page.getByText('For a short, the stop loss must be above 64,000')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('lever-sl-input').fill('64500');
  await expect(page.getByTestId('lever-margin')).toHaveText(shown('64.00 USDT'));
  await submitAndConfirm(page);
  await expect(toast(page, 'Position opened')).toBeVisible();
  await expect(page).toHaveURL(/side=short/);

  await price(server, 'BTC/USDT', '64600.00');
  // Closed at the last price: (64,000 − 64,600) × 0.02 = −12, fees 0.64 + 0.646.
  await expect(page.getByTestId('lever-balance')).toHaveText(shown('986.71 USDT'));
  await page.goto(`${ORDERS}?tab=history`);
  const row = page.getByTestId('lever-order-row').first();
  await expect(row.getByTestId('order-status')).toHaveText('Stop loss');
  await expect(row.getByTestId('order-realized-pnl')).toHaveText(shown('-12.00 USDT'));
  await expect(row.getByTestId('order-close-price')).toHaveText('64,600.00');
  const [closed] = (await api.ok('listLeverOrders', { token, query: { status: 'history' } })).items;
  expect(closed).toMatchObject({ side: 'short', closeReason: 'stop_loss', realizedPnl: '-12.000000', closeFee: '0.646000' });
});

test("not enough margin: caught inline before sending, and the server's refusal shown inline when the price moved meanwhile", async ({ page, server, api }) => {
  const token = await setup(page, server, { fund: '50' });
  await page.goto(LEVER);
  const calls = recordApiCalls(page);
  await fillForm(page, { lots: '1', multiple: 10 });
  await page.getByTestId('lever-submit').click();
  await expect(page.getByText('Not enough available margin: 64.32 USDT needed, fee included')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(opens(calls)).toEqual([]);

  // Exactly enough at 64,000: the sheet opens; the price rises before the confirmation.
  await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'lever', amount: '14.32' } });
  await expect(page.getByTestId('lever-available-margin')).toHaveText(shown('64.32 USDT'));
  await page.getByTestId('lever-submit').click();
  await expect(page.getByTestId('lever-confirm-submit')).toBeVisible();
  await price(server, 'BTC/USDT', '64100.00');
  await page.getByTestId('lever-confirm-submit').click();
  await expect(toast(page, 'Not enough available margin')).toBeVisible();
  await expect(page.getByTestId('lever-form').getByText('Not enough available margin')).toBeVisible();
  expect(opens(calls)).toHaveLength(1);
  expect((await api.ok('listLeverOrders', { token, query: { status: 'all' } })).total).toBe(0);
});

test('lots out of bounds: the bounds in the message, before sending; the server refuses them with its bounds', async ({ page, server, api }) => {
  const token = await setup(page, server);
  await page.goto(LEVER);
  await expect(page.getByText('Min 1 · max 100 · step 1')).toBeVisible();
  const calls = recordApiCalls(page);
  for (const lots of ['0.5', '101', '1.5']) {
    await page.getByTestId('lever-lots-input').fill(lots);
    await page.getByTestId('lever-submit').click();
    await expect(page.getByText('Enter 1 to 100 lots, in steps of 1')).toBeVisible();
  }
  await page.getByTestId('lever-lots-input').fill('');
  await page.getByTestId('lever-submit').click();
  await expect(page.getByText('Enter the number of lots')).toBeVisible();
  expect(opens(calls)).toEqual([]);
  const refused = await api.call('openLever', { token, body: { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '101', multiple: 10 } });
  expect(refused).toMatchObject({ type: 'error', code: 'lots_out_of_bounds', params: { min: '1', max: '100', step: '1' } });
  const multiple = await api.call('openLever', { token, body: { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 7 } });
  expect(multiple).toMatchObject({ type: 'error', code: 'multiple_not_offered' });
});

test('a double tap on Confirm opens one position', async ({ page, server, api }) => {
  const token = await setup(page, server);
  await page.goto(LEVER);
  await fillForm(page, { lots: '1' });
  await page.getByTestId('lever-submit').click();
  const calls = recordApiCalls(page);
  // Two taps in the same task, before React can re-render with the pending state.
  await page.getByTestId('lever-confirm-submit').evaluate((b: HTMLElement) => {
    b.click();
    b.click();
  });
  await expect(toast(page, 'Position opened')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(opens(calls)).toHaveLength(1);
  expect((await api.ok('listLeverOrders', { token, query: { status: 'open' } })).total).toBe(1);
});
