/**
 * Lever positions and delegations: a limit order filled by the price or cancelled, part of a
 * position closed from the close sheet, a close order filled at its limit, one-click close, positions, P/L, risk rate and the warning live from the tickers, liquidation at the
 * estimated price, and the take-profit and stop-loss of an open position. Prices are set with the
 * control API (`mockPrice`) on a frozen clock, so every figure is known (fixtures/lever.ts).
 */
import { test, expect } from '../fixtures/server.ts';
import { recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import { fillForm, LEVER, ORDERS, POSITIONS, price, setup, submitAndConfirm } from '../fixtures/lever.ts';

/** `text` anywhere, with bidi isolates allowed between its characters (values inside sentences are isolated). */
const loose = (text: string) => new RegExp([...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\u2066-\\u2069]*'));

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

test('part of a position closes from the close sheet, another closes at its limit price, one-click close closes the rest after one confirmation', async ({
  page,
  server,
  api,
}) => {
  const token = await setup(page, server);
  for (const [side, lots, multiple] of [
    ['long', '1', 10],
    ['short', '2', 5],
    ['long', '3', 20],
  ] as const) {
    await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side, type: 'market', lots, multiple } });
  }
  await price(server, 'BTC/USDT', '64500.00');
  await page.goto(POSITIONS);
  const rows = page.getByTestId('position-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('Positions (3)')).toBeVisible();

  // The 3-lot long (newest first): 25 % is less than a lot; 50 % rounds down to 1 lot.
  const long3 = rows.first();
  await long3.getByTestId('position-close').click();
  const sheet = page.getByRole('dialog', { name: 'Close position' });
  await expect(sheet.getByTestId('close-percent-25')).toBeDisabled();
  await sheet.getByTestId('close-percent-50').click();
  await expect(sheet.getByTestId('close-lots-input')).toHaveValue('1');
  await expect(sheet.getByTestId('close-pnl')).toHaveText(shown('+5.00 USDT'));
  await expect(sheet.getByTestId('close-fee')).toHaveText(shown('0.32 USDT'));
  // 32 margin + 5 P/L − 0.3225 fee.
  await expect(sheet.getByTestId('close-returned')).toHaveText(shown('36.67 USDT'));
  await expect(sheet.getByTestId('close-remaining')).toHaveText('2');
  await expect(sheet.getByTestId('close-liquidation')).toBeVisible();
  await sheet.getByTestId('close-lots-input').fill('4');
  await sheet.getByTestId('close-submit').click();
  await expect(sheet.getByText('Only 3 lots are open')).toBeVisible();
  await sheet.getByTestId('close-lots-input').fill('1');
  await sheet.getByTestId('close-submit').click();
  await expect(toast(page, loose('Part closed, P/L +5.00 USDT'))).toBeVisible();
  await expect(long3.getByTestId('position-lots')).toHaveText('2');

  // The rest of it at a limit price: refused at or below the price now, resting above it, filled when the price gets there.
  await long3.getByTestId('position-close').click();
  await sheet.getByTestId('close-kind').getByText('At a limit price').click();
  await sheet.getByTestId('close-price-input').fill('64000');
  await sheet.getByTestId('close-submit').click();
  await expect(sheet.getByText(loose('For a long, the close price must be above the current price 64,500'))).toBeVisible();
  await sheet.getByTestId('close-price-input').fill('65000');
  await expect(sheet.getByTestId('close-pnl')).toHaveText(shown('+20.00 USDT'));
  await sheet.getByTestId('close-submit').click();
  await expect(toast(page, 'Close order placed')).toBeVisible();
  await expect(long3.getByTestId('position-close-order-price')).toHaveText('65,000.00');
  await price(server, 'BTC/USDT', '65100.00');
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
  expect(history.items.map((o) => o.closeReason)).toEqual(['user', 'close_order', 'user', 'user']);
  expect(history.items[1]).toMatchObject({ lots: '2', closePrice: '65000.00' });
  expect(history.items[0].closedFrom).toBe(history.items[1].id);
  expect((await api.ok('getLeverAccount', { token })).positionMargin).toBe('0.000000');
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
