/** Spot trading: the order form, the live order book, open orders and the orders page. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, loginWithToken, recordApiCalls, setPreferences, shown, toast } from '../fixtures/helpers.ts';
import Big from 'big.js';

const TRADE = 'pages/trade/trade?symbol=BTC/USDT';

/** Logs in and moves coins from the funds account into the spot account. */
async function loginAndFund(page: Page, coins: Record<string, string>): Promise<string> {
  const token = await loginWithToken(page);
  for (const [coin, amount] of Object.entries(coins)) {
    const res = await apiOf(page).call('transfer', { token, body: { coin, from: 'funds', to: 'exchange', amount } });
    expect(res.type).toBe('ok');
  }
  return token;
}

/** The typed API client (fixtures/api.ts) over the page's request context. */

const exchangeBalance = async (page: Page, token: string, coin: string) =>
  (await apiOf(page).ok('getWallet', { token })).accounts.find((a) => a.kind === 'exchange')!.balances.find((b) => b.coin === coin)!;

/** The whole text of an element, its amounts possibly bidi-isolated (U+2066 … U+2069) anywhere. */
const loose = (text: string) => new RegExp(`^[\u2066-\u2069]*${[...text].map((c) => `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\u2066-\u2069]*`).join('')}$`);

/** An exact decimal as the app shows it in English: grouped, at `places` places. */
const en = (value: Big, places: number) => {
  const [int, frac] = value.toFixed(places).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
};

/** A plain decimal as an amount field shows it in English once the app fills it in: grouped, digits as they are. */
const grouped = (plain: string) => plain.replace(/^\d+/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

const bestBid = async (page: Page) => Number(await page.getByTestId('book-bid').first().getAttribute('data-price'));

async function placeLimitBuy(page: Page, price: string, quantity: string) {
  await page.getByTestId('price-input').fill(price);
  await page.getByTestId('quantity-input').fill(quantity);
  await page.getByTestId('order-submit').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('Confirm order');
  await expect(sheet).toContainText(`${Number(price).toLocaleString('en', { minimumFractionDigits: 2 })} USDT`);
  await expect(sheet).toContainText(`${Number(quantity).toFixed(5)} BTC`); // at the pair's amount precision
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order placed')).toBeVisible();
}

test('a limit buy below the market rests with USDT frozen, fills as the price comes down, and ends in history', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  const token = await loginAndFund(page, { USDT: '1000' });
  await page.goto(TRADE);
  await expect(page.getByTestId('trade-available')).toHaveText(shown('1,000.00 USDT'));
  const price = (await bestBid(page)).toFixed(2);
  await placeLimitBuy(page, price, '0.001');
  const open = page.getByTestId('open-orders').getByTestId('order-row');
  await expect(open).toHaveCount(1);
  await expect(open.getByTestId('order-price')).toHaveText(Number(price).toLocaleString('en', { minimumFractionDigits: 2 }));
  const frozen = await exchangeBalance(page, token, 'USDT');
  expect(Number(frozen.frozen)).toBeCloseTo(Number(price) * 0.001, 6);
  await expect(page.getByTestId('trade-available')).not.toHaveText(shown('1,000.00 USDT'));

  // Let the simulated market run until the order has filled completely.
  for (let i = 0; i < 60; i++) {
    const page1 = await apiOf(page).ok('listOrders', { token, query: { status: 'open' } });
    if (page1.total === 0) break;
    await server.control.clock({ advanceMs: 30_000 });
  }
  await expect(open).toHaveCount(0);
  const btc = await exchangeBalance(page, token, 'BTC');
  expect(Number(btc.available)).toBe(0.00099); // 0.001 less the fee, rounded up to 0.00001 BTC
  const usdt = await exchangeBalance(page, token, 'USDT');
  expect(Number(usdt.frozen)).toBe(0);

  await page.getByTestId('all-orders').click();
  await page.getByTestId('entrust-tab-history').click();
  const row = page.getByTestId('entrust-list').getByTestId('order-row').first();
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row.getByTestId('order-status')).toHaveText('Completed');
  await expect(row.getByTestId('order-filled')).toHaveText('0.00100');
});

test('a market buy fills at once', async ({ page }) => {
  const token = await loginAndFund(page, { USDT: '1000' });
  await page.goto(TRADE);
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('100');
  await page.getByTestId('order-submit').click();
  await expect(page.getByRole('dialog')).toContainText('100.00 USDT');
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order filled')).toBeVisible();
  // What the levels could not use of the 100 USDT comes back.
  await expect(page.getByTestId('trade-available')).toHaveText(/^\u2068?900\.\d\d USDT\u2069?$/);
  expect(Number((await exchangeBalance(page, token, 'BTC')).available)).toBeGreaterThan(0);
  await page.goto('pages/trade/entrust');
  await page.getByTestId('entrust-tab-history').click();
  await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-status', 'completed');
});

test('a BTC market: the amount is in BTC with six decimals, and the buy is paid in BTC', async ({ page }) => {
  const token = await loginAndFund(page, { BTC: '0.1' });
  await page.goto('pages/trade/trade?symbol=ETH/BTC');
  await expect(page.getByTestId('trade-available')).toHaveText(shown('0.100000 BTC'));
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('0.0123456');
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('At most 6 decimal places')).toBeVisible();
  await page.getByTestId('amount-input').fill('0.012345');
  await page.getByTestId('order-submit').click();
  await expect(page.getByRole('dialog')).toContainText('0.012345 BTC');
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order filled')).toBeVisible();
  await expect(page.getByTestId('trade-available')).toHaveText(/^\u2068?0\.08\d{4} BTC\u2069?$/);
  expect(Number((await exchangeBalance(page, token, 'ETH')).available)).toBeGreaterThan(0);
});

test('a market order without liquidity answers "No price available right now"', async ({ page, server }) => {
  await loginAndFund(page, { USDT: '1000' });
  await server.control.market({ symbol: 'BTC/USDT', liquidity: 'none' });
  await page.goto(TRADE);
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('100');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'No price available right now')).toBeVisible();
  await expect(page.getByTestId('trade-available')).toHaveText(shown('1,000.00 USDT'));
});

test('cancelling an open order asks first and returns the frozen funds', async ({ page }) => {
  const token = await loginAndFund(page, { USDT: '1000' });
  await page.goto(TRADE);
  const price = Math.floor((await bestBid(page)) * 0.8).toFixed(2);
  await placeLimitBuy(page, price, '0.01');
  await expect(page.getByTestId('trade-available')).not.toHaveText(shown('1,000.00 USDT'));
  const row = page.getByTestId('open-orders').getByTestId('order-row');
  await row.getByTestId('order-cancel').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep order' }).click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('order-cancel').click();
  await expect(page.getByRole('dialog')).toContainText('Cancel this BTC/USDT order?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('trade-available')).toHaveText(shown('1,000.00 USDT'));
  expect(Number((await exchangeBalance(page, token, 'USDT')).frozen)).toBe(0);
  await page.goto('pages/trade/entrust');
  await page.getByTestId('entrust-tab-all').click();
  await expect(page.getByTestId('order-row').first().getByTestId('order-status')).toHaveText('Cancelled');
});

test('missing fields and an insufficient balance are caught inline and nothing is sent', async ({ page }) => {
  await loginAndFund(page, { USDT: '100' });
  await page.goto(TRADE);
  await expect(page.getByTestId('trade-available')).toHaveText(shown('100.00 USDT'));
  const calls = recordApiCalls(page);
  await page.getByTestId('price-input').fill(''); // the price may start at the last price
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Please enter the price')).toBeVisible();
  await expect(page.getByText('Please enter the quantity')).toBeVisible();
  await page.getByTestId('price-input').fill('60000');
  await page.getByTestId('quantity-input').fill('1');
  await expect(page.getByTestId('amount-input')).toHaveValue('60,000'); // filled by the app: grouped
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Not enough balance')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/orders')).toEqual([]);
});

test('price, quantity and amount stay in step; 25/50/75/100 % fill the quantity rounded down', async ({ page }) => {
  await loginAndFund(page, { USDT: '1000', BTC: '0.5' });
  await page.goto(TRADE);
  await page.getByTestId('price-input').fill('30000');
  await page.getByTestId('percent-25').click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('0.00833'); // 250 / 30000 = 0.008333…
  await expect(page.getByTestId('amount-input')).toHaveValue('249.9');
  await page.getByTestId('percent-100').click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('0.03333');
  await page.getByTestId('amount-input').fill('600');
  await expect(page.getByTestId('quantity-input')).toHaveValue('0.02');
  await page.getByTestId('price-input').fill('20000');
  await expect(page.getByTestId('amount-input')).toHaveValue('400');
  await page.getByTestId('side-sell').click();
  await expect(page.getByTestId('trade-available')).toHaveText(shown('0.50000 BTC'));
  await page.getByTestId('percent-50').click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('0.25');
  await page.getByTestId('percent-75').click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('0.375');
  await expect(page).toHaveURL(/side=sell/);
});

test('a price and quantity typed the German and the Arabic way reach the server as plain decimals', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  const token = await loginAndFund(page, { USDT: '1000' });
  await page.goto(TRADE);
  const plain = new Big(await bestBid(page)).minus(1000).toFixed(2); // rests below the market
  const [int, frac] = plain.split('.');
  const arabic = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
  const typed = {
    de: { price: `${int.slice(0, -3)}.${int.slice(-3)},${frac}`, quantity: '0,001' }, // "65.630,25"
    ar: { price: `${arabic(int)}٫${arabic(frac)}`, quantity: '٠٫٠٠١' }, // Arabic-Indic digits, Arabic decimal separator
  };
  for (const [lang, { price, quantity }] of Object.entries(typed)) {
    await setPreferences(page, lang, 'light');
    await page.goto(TRADE);
    if (lang === 'de') await expect(page.getByTestId('book-grouping').locator('option').first()).toHaveText('0,01');
    await page.getByTestId('price-input').fill(price);
    await expect(page.getByTestId('price-input')).toHaveValue(price); // as typed
    await page.getByTestId('quantity-input').fill(quantity);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/me/orders');
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm-submit').click();
    expect((await sent).postDataJSON()).toMatchObject({ price: plain, quantity: '0.001' });
    // Shown the locale's way once left: grouped, Latin digits in Arabic.
    await expect(page.getByTestId('price-input')).toHaveValue(lang === 'de' ? typed.de.price : `${int.slice(0, -3)},${int.slice(-3)}.${frac}`);
  }
  const open = await apiOf(page).ok('listOrders', { token, query: { status: 'open' } });
  expect(open.items.map((o) => [new Big(o.price!).toFixed(2), new Big(o.quantity).toFixed()])).toEqual([
    [plain, '0.001'],
    [plain, '0.001'],
  ]);
});

test('tapping a price in the book fills the price field', async ({ page, server }) => {
  // A still market, so the row tapped is the row read.
  await server.control.reset({ seed: 42, freezeClock: true });
  await page.goto(TRADE);
  const ask = page.getByTestId('book-ask').last();
  const price = await ask.getAttribute('data-price');
  await ask.click();
  await expect(page.getByTestId('price-input')).toHaveValue(grouped(price!));
  const bid = page.getByTestId('book-bid').nth(2);
  const bidPrice = await bid.getAttribute('data-price');
  await bid.click();
  await expect(page.getByTestId('price-input')).toHaveValue(grouped(bidPrice!));
});

test('the book recovers after the connection drops: it keeps updating with no stale levels', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await page.goto(TRADE);
  const book = page.getByTestId('order-book');
  await expect(book).toHaveAttribute('data-bid-levels', '20');
  const seq = async () => Number(await book.getAttribute('data-seq'));
  const before = await seq();
  await expect.poll(seq, { timeout: 10_000 }).toBeGreaterThan(before);
  await page.context().setOffline(true);
  await page.waitForTimeout(3_000);
  await page.context().setOffline(false);
  const after = await seq();
  await expect.poll(seq, { timeout: 15_000 }).toBeGreaterThan(after);
  await expect(book).toHaveAttribute('data-bid-levels', '20');
  await expect(book).toHaveAttribute('data-ask-levels', '20');
  await expect(page.getByTestId('book-bid')).toHaveCount(7);
  await expect(page.getByTestId('book-ask')).toHaveCount(7);
});

test('the orders page shows 20 orders a page and loads the next page on demand', async ({ page }) => {
  const token = await loginAndFund(page, { USDT: '1000' });
  // 23 resting buys far below the market, placed over the API.
  for (let i = 0; i < 23; i++) {
    const res = await apiOf(page).call('placeOrder', {
      token,
      body: { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: String(1000 + i), quantity: '0.001' },
    });
    expect(res.type).toBe('ok');
  }
  await page.goto('pages/trade/entrust');
  const rows = page.getByTestId('entrust-list').getByTestId('order-row');
  await expect(rows).toHaveCount(20);
  await page.getByTestId('load-more').click();
  await expect(rows).toHaveCount(23);
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  // Newest first: the last page ends with the first order placed.
  await expect(rows.last()).toContainText('1,000.00');
});

test('with the money in the funds account, the form says where it is and moves it without leaving', async ({ page }) => {
  await loginWithToken(page);
  await page.goto(TRADE);
  await expect(page.getByTestId('trade-available')).toHaveText(shown('0.00 USDT'));
  await expect(page.getByTestId('trade-fee')).toHaveText(shown('0.1%'));
  await expect(page.getByTestId('funds-hint-text')).toHaveText(loose('You have 10,000.00 USDT in your funds account'));
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('250');
  await page.getByTestId('funds-hint-transfer').click();
  // Prefilled with what the order needs, from funds to exchange.
  await expect(page.getByTestId('transfer-sheet-amount')).toHaveValue('250');
  await page.getByTestId('transfer-sheet-submit').click();
  await expect(toast(page, 'Moved to your spot account')).toBeVisible();
  await expect(page.getByTestId('trade-available')).toHaveText(shown('250.00 USDT'));
  await expect(page.getByTestId('funds-hint')).toHaveCount(0);
  await expect(page.getByTestId('amount-input')).toHaveValue('250'); // the order form kept
  await page.getByTestId('amount-input').fill('300');
  await expect(page.getByTestId('funds-hint-text')).toHaveText(loose('You have 9,750.00 USDT in your funds account'));
  await page.getByTestId('side-sell').click();
  await expect(page.getByTestId('funds-hint-text')).toHaveText(loose('You have 0.50000 BTC in your funds account'));
});

test('the order detail shows the fills, the fee and how they add up to the balance change, to the last unit', async ({ page }) => {
  const token = await loginAndFund(page, { USDT: '1000' });
  await page.goto(TRADE);
  await page.getByTestId('order-type').getByText('Market').click();
  await page.getByTestId('amount-input').fill('1000');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order filled')).toBeVisible();

  const [order] = (await apiOf(page).ok('listOrders', { token, query: { status: 'history' } })).items;
  const spent = new Big(order.filledAmount);
  const received = new Big(order.filled).minus(order.fee);
  // What the ledger moved: exactly the filled value out, filled − fee in.
  expect(new Big((await exchangeBalance(page, token, 'USDT')).available).eq(new Big(1000).minus(spent))).toBe(true);
  expect(new Big((await exchangeBalance(page, token, 'BTC')).available).eq(received)).toBe(true);

  await page.goto('pages/trade/entrust');
  await page.getByTestId('entrust-tab-history').click();
  await page.getByTestId('order-row').first().getByTestId('order-details').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('detail-fee')).toHaveText(loose(`${order.fee} BTC`));
  await expect(detail.getByTestId('detail-filled-value')).toHaveText(loose(`${en(spent, 6)} USDT`));
  await expect(detail.getByTestId('detail-reserved')).toHaveText(loose('1,000.000000 USDT'));
  await expect(detail.getByTestId('detail-spent')).toHaveText(loose(`-${en(spent, 6)} USDT`));
  await expect(detail.getByTestId('detail-returned')).toHaveText(loose(`${en(new Big(1000).minus(spent), 6)} USDT`));
  await expect(detail.getByTestId('detail-gross')).toHaveText(loose(`${order.filled} BTC`));
  await expect(detail.getByTestId('detail-fee-minus')).toHaveText(loose(`-${order.fee} BTC`));
  await expect(detail.getByTestId('detail-received')).toHaveText(loose(`${en(received, 5)} BTC`));
  await expect(detail).toContainText('cut off rather than rounded');
});
