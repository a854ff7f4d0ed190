/**
 * Lever contracts: the order form (preview, confirmation, inline errors in the user's language),
 * positions live from the tickers, take-profit, stop-loss, delegations, one-click close,
 * liquidation at the estimated price, the risk notice, and screenshots of the three pages in
 * light and dark, English, German and Arabic. Prices are set with the control API (`mockPrice`)
 * on a frozen clock, so every figure is known.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, recordApiCalls, shown, toast, untranslated, openPage } from '../fixtures/helpers.ts';
import { createApi } from '../fixtures/api.ts';
import { screenshot } from '../fixtures/shots.ts';

const LEVER = 'pages/lever/lever?symbol=BTC/USDT';
const POSITIONS = 'pages/lever/leverList';
const ORDERS = 'pages/lever/orderList';

/** The typed API client (fixtures/api.ts) over the page's request context. */
const apiOf = (page: Page) => createApi(page.request, '..');

/** `text` anywhere, with bidi isolates allowed between its characters (values inside sentences are isolated). */
const loose = (text: string) => new RegExp([...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\u2066-\\u2069]*'));

const price = (server: MockServer, symbol: string, value: string) => server.control.call('mockPrice', { symbol, price: value });

/**
 * A still market (frozen clock) with BTC/USDT at `btc`, the demo user logged in with the risk
 * notice accepted and `fund` USDT in the lever account. Returns the session token.
 */
async function setup(page: Page, server: MockServer, { fund = '1000', btc = '64000.00' }: { fund?: string; btc?: string } = {}): Promise<string> {
  await server.control.reset({ seed: 42, freezeClock: true });
  await price(server, 'BTC/USDT', btc);
  const token = await loginWithToken(page);
  await page.evaluate(() => localStorage.setItem('leverRiskAccepted', '1'));
  if (fund !== '0') await apiOf(page).ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'lever', amount: fund } });
  return token;
}

/** Fills the order form of the lever page. */
async function fillForm(page: Page, f: { side?: 'long' | 'short'; limit?: string; lots: string; multiple?: number; tp?: string; sl?: string }) {
  if (f.side) await page.getByTestId(`lever-side-${f.side}`).click();
  if (f.limit) {
    await page.getByTestId('lever-type').getByText('Limit').click();
    await page.getByTestId('lever-price-input').fill(f.limit);
  }
  await page.getByTestId('lever-lots-input').fill(f.lots);
  if (f.multiple) await page.getByTestId(`lever-multiple-${f.multiple}`).click();
  if (f.tp) await page.getByTestId('lever-tp-input').fill(f.tp);
  if (f.sl) await page.getByTestId('lever-sl-input').fill(f.sl);
}

/** Submits the form and confirms the sheet. */
async function submitAndConfirm(page: Page) {
  await page.getByTestId('lever-submit').click();
  await expect(page.getByTestId('lever-confirm-submit')).toBeVisible();
  await page.getByTestId('lever-confirm-submit').click();
}

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
  await expect(row.getByTestId('order-fees')).toHaveText(shown('0.645 USDT'));
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

test('delegations: one fills when the price comes down to it, another is cancelled after a confirmation', async ({ page, server }) => {
  await setup(page, server);
  await page.goto(LEVER);
  await fillForm(page, { limit: '63000', lots: '1', multiple: 10 });
  await expect(page.getByTestId('lever-margin')).toHaveText(shown('63.00 USDT'));
  await submitAndConfirm(page);
  await expect(toast(page, 'Limit order placed')).toBeVisible();
  await page.getByTestId('lever-price-input').fill('60000');
  await page.getByTestId('lever-lots-input').fill('1');
  await page.getByTestId('lever-submit').click();
  await expect(page.getByRole('dialog').getByTestId('confirm-price')).toHaveText(shown('60,000.00 USDT'));
  await page.getByTestId('lever-confirm-submit').click();
  await expect(page.getByTestId('lever-orders-link')).toHaveText('Open orders (2)');
  // Margin and fee of both frozen: 63.315 + 60.30.
  await expect(page.getByTestId('lever-available-margin')).toHaveText(shown('876.38 USDT'));

  await page.getByTestId('lever-orders-link').click();
  const rows = page.getByTestId('lever-order-row');
  await expect(rows).toHaveCount(2);
  const low = rows.filter({ has: page.getByTestId('order-price').getByText('60,000.00', { exact: true }) });
  await low.getByTestId('order-cancel').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel this BTC/USDT limit order?');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The price reaches the other one: it opens at its price and leaves the list, live.
  await price(server, 'BTC/USDT', '62900.00');
  await expect(page.getByTestId('lever-no-orders')).toBeVisible();
  await page.getByTestId('lever-tab-history').click();
  await expect(rows.first()).toHaveAttribute('data-status', 'cancelled');
  await expect(rows.first().getByTestId('order-status')).toHaveText('Cancelled');
  await page.goto(POSITIONS);
  const position = page.getByTestId('position-row');
  await expect(position).toHaveCount(1);
  await expect(position.getByTestId('position-open-price')).toHaveText('63,000.00');
  await expect(position.getByTestId('position-current-price')).toHaveText('62,900.00');
  await expect(position.getByTestId('position-pnl')).toHaveText(shown('-1.00 USDT'));
  await expect(page.getByTestId('account-available')).toHaveText(shown('936.68 USDT'));
});

test('one-click close closes every position after one confirmation; a single close asks too', async ({ page, server, api }) => {
  const token = await setup(page, server);
  for (const [side, lots, multiple] of [
    ['long', '1', 10],
    ['short', '2', 5],
    ['long', '3', 20],
  ] as const) {
    await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side, type: 'market', lots, multiple } });
  }
  await page.goto(POSITIONS);
  const rows = page.getByTestId('position-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('Positions (3)')).toBeVisible();

  await rows.first().getByTestId('position-close').click();
  await expect(page.getByRole('dialog')).toContainText('Close this BTC/USDT position at the market price?');
  await page.getByRole('dialog').getByRole('button', { name: 'Close position' }).click();
  await expect(toast(page, loose('Position closed, P/L 0.00 USDT'))).toBeVisible();
  await expect(rows).toHaveCount(2);

  const calls = recordApiCalls(page);
  await page.getByTestId('lever-close-all').click();
  await expect(page.getByRole('dialog')).toContainText('Close all open positions (2) at the market price?');
  await page.getByRole('dialog').getByRole('button', { name: 'Keep positions' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('lever-close-all').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close all' }).click();
  await expect(toast(page, 'All positions closed')).toBeVisible();
  await expect(page.getByTestId('lever-no-positions')).toBeVisible();
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/lever/positions/close-all')).toHaveLength(1);
  const history = await api.ok('listLeverOrders', { token, query: { status: 'history' } });
  expect(history.items.map((o) => o.closeReason)).toEqual(['user', 'user', 'user']);
  expect((await api.ok('getLeverAccount', { token })).positionMargin).toBe('0.000000');
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

test('positions, P/L, risk rate and the warning follow the price live, and the account is liquidated at the estimated price', async ({ page, server, api }) => {
  const token = await setup(page, server, { fund: '100' });
  await page.goto(LEVER);
  await fillForm(page, { lots: '1', multiple: 10 });
  // 99.68 after the fee: below 55,312.64 the risk rate (4 places, truncated) is at the 20 % line.
  await expect(page.getByTestId('lever-liquidation')).toHaveText(shown('55,312.63 USDT'));
  await submitAndConfirm(page);
  await expect(toast(page, 'Position opened')).toBeVisible();

  await page.goto(POSITIONS);
  const row = page.getByTestId('position-row');
  await expect(row.getByTestId('position-pnl')).toHaveText(shown('0.00 USDT'));
  await expect(page.getByTestId('account-risk-rate')).toHaveText(shown('155.75%'));
  await price(server, 'BTC/USDT', '64500.00');
  await expect(row.getByTestId('position-current-price')).toHaveText('64,500.00');
  await expect(row.getByTestId('position-pnl')).toHaveText(shown('+5.00 USDT'));
  await expect(row.getByTestId('position-pnl-percent')).toHaveText('+7.81%');
  await expect(page.getByTestId('account-pnl')).toHaveText(shown('+5.00 USDT'));
  await expect(page.getByTestId('account-equity')).toHaveText(shown('104.68 USDT'));
  await expect(page.getByTestId('account-risk-rate')).toHaveText(shown('163.56%'));
  await expect(page.getByTestId('lever-risk-warning')).toHaveCount(0);

  // Below twice the line (40 %): the warning.
  await price(server, 'BTC/USDT', '56000.00');
  await expect(row.getByTestId('position-pnl')).toHaveText(shown('-80.00 USDT'));
  await expect(page.getByTestId('account-risk-rate')).toHaveText(shown('30.75%'));
  await expect(page.getByTestId('lever-risk-warning')).toContainText(loose('Your risk rate is 30.75%. At 20.00% every position is closed automatically.'));
  // One tick above the estimate it holds; at the estimate it is liquidated.
  await price(server, 'BTC/USDT', '55312.64');
  await expect(page.getByTestId('account-risk-rate')).toHaveText(shown('20.01%'));
  expect((await api.ok('listLeverOrders', { token, query: { status: 'open' } })).total).toBe(1);
  await price(server, 'BTC/USDT', '55312.63');
  await expect(page.getByTestId('lever-no-positions')).toBeVisible();
  await expect(page.getByTestId('lever-risk-warning')).toHaveCount(0);
  const [liquidated] = (await api.ok('listLeverOrders', { token, query: { status: 'history' } })).items;
  expect(liquidated).toMatchObject({ closeReason: 'liquidation', closePrice: '55312.63' });
  await page.goto(`${ORDERS}?tab=history`);
  await expect(page.getByTestId('lever-order-row').first().getByTestId('order-status')).toHaveText('Liquidated');
});

test('take-profit and stop-loss of an open position: checked against the current price, changed, and removed', async ({ page, server, api }) => {
  const token = await setup(page, server);
  const opened = await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10 } });
  await page.goto(POSITIONS);
  const row = page.getByTestId('position-row');
  await row.getByTestId('position-tpsl').click();
  await expect(page.getByTestId('tpsl-reference')).toHaveText(shown('64,000.00 USDT'));
  await page.getByTestId('tpsl-tp-input').fill('63000');
  await page.getByTestId('tpsl-save').click();
  await expect(page.getByText('For a long, the take profit must be above 64,000')).toBeVisible();
  await page.getByTestId('tpsl-tp-input').fill('66000');
  await page.getByTestId('tpsl-sl-input').fill('62000');
  await page.getByTestId('tpsl-save').click();
  await expect(toast(page, 'Take profit and stop loss saved')).toBeVisible();
  await expect(row.getByTestId('position-take-profit')).toHaveText('66,000.00');
  await expect(row.getByTestId('position-stop-loss')).toHaveText('62,000.00');
  // An emptied field removes that trigger.
  await row.getByTestId('position-tpsl').click();
  await page.getByTestId('tpsl-tp-input').fill('');
  await page.getByTestId('tpsl-save').click();
  await expect(row.getByTestId('position-take-profit')).toHaveText('--');
  const [now] = (await api.ok('listLeverOrders', { token, query: { status: 'open' } })).items;
  expect(now.id).toBe(opened.id);
  expect(now.takeProfit).toBeUndefined();
  expect(now.stopLoss).toBe('62000.00');
});

test('the lever pages come whole from the dictionaries (pseudo locale)', async ({ page, server }) => {
  const token = await setup(page, server);
  await populate(page, server, token);
  await page.goto(`${LEVER}&pseudo=1`);
  // The app remembers ?pseudo=1 for the tab once it has started: only then go on without it.
  await expect(page.locator('h1').first()).toContainText('⟦');
  for (const path of [LEVER, POSITIONS, ORDERS, `${ORDERS}?tab=history`]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toContainText('⟦');
    await page.waitForLoadState('networkidle');
    expect(await untranslated(page), path).toEqual([]);
  }
});

/** A world with something on every lever page: two positions, a delegation, a closed position. */
async function populate(page: Page, server: MockServer, token: string) {
  const api = apiOf(page);
  await price(server, 'ETH/USDT', '3000.00');
  await api.ok('openLever', {
    token,
    body: { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10, takeProfit: '66000', stopLoss: '62000' },
  });
  await api.ok('openLever', { token, body: { symbol: 'ETH/USDT', side: 'short', type: 'market', lots: '3', multiple: 20 } });
  await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side: 'long', type: 'limit', price: '60000', lots: '2', multiple: 5 } });
  const closed = await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side: 'short', type: 'market', lots: '1', multiple: 50 } });
  await api.ok('closeLever', { token, body: { id: closed.id } });
  await price(server, 'BTC/USDT', '64321.50');
}

for (const lang of (process.env.LEVER_LANGS ?? 'en,de,ar').split(',')) {
  test(`screenshots in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page, server }) => {
    test.setTimeout(120_000);
    const token = await setup(page, server);
    await populate(page, server, token);
    const shoot = async (name: string) => {
      expect(await layoutProblems(page), `${name} in ${lang}`).toEqual([]);
      await screenshot(page, 'lever', `${name}`);
    };
    for (const theme of ['light', 'dark']) {
      await page.evaluate(
        ([l, th]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('theme', th);
          localStorage.removeItem('leverRiskAccepted');
        },
        [lang, theme],
      );
      const at = (name: string) => `${name}-${lang}-${theme}`;
      await openPage(page, LEVER);
      await expect(page.getByTestId('lever-risk-accept')).toBeVisible();
      await shoot(at('risk-notice'));
      await page.getByTestId('lever-risk-accept').click();
      await expect(page.getByTestId('lever-last')).toHaveAttribute('data-price', '64321.50');
      await fillForm(page, { lots: '2', multiple: 20, tp: '70000' });
      await shoot(at('lever'));
      await page.getByTestId('lever-submit').click();
      await expect(page.getByTestId('lever-confirm-submit')).toBeVisible();
      await shoot(at('lever-confirm'));
      await openPage(page, POSITIONS);
      await expect(page.getByTestId('position-row')).toHaveCount(2);
      await shoot(at('positions'));
      await page.getByTestId('position-row').filter({ hasText: 'BTC/USDT' }).getByTestId('position-tpsl').click();
      await expect(page.getByTestId('tpsl-save')).toBeVisible();
      await shoot(at('positions-tpsl'));
      await openPage(page, ORDERS);
      await expect(page.getByTestId('lever-order-row')).toHaveCount(1);
      await shoot(at('delegations'));
      await openPage(page, `${ORDERS}?tab=history`);
      await expect(page.getByTestId('lever-order-row')).toHaveCount(1);
      await shoot(at('history'));
    }
  });
}
