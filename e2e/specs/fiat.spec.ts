/**
 * The fiat market: buy from a merchant to completion (pay, the merchant releases, the coin in the
 * fiat account), cancel before paying (payment details gone), an unpaid order expiring, three
 * cancellations pausing buying, appeals decided for the buyer and for the seller, the order chat,
 * a merchant's store (publish, edit, shelf), the fiat balance log, a store page; screenshots of
 * every fiat page in light and dark, English, German and Arabic.
 */
import type { Page } from '@playwright/test';
import Big from 'big.js';
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, setPreferences, shown, toast, untranslated, openPage } from '../fixtures/helpers.ts';
import { createApi, type Api } from '../fixtures/api.ts';
import { PNG, TX_PASSWORD } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

const apiOf = (page: Page) => createApi(page.request, '..');

test.beforeEach(async ({ server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
});

/** Opens the market and the order form on a store's USD ad, and places an order of `amount` USD. */
async function buyFrom(page: Page, store: string, amount: string) {
  await page.goto('pages/legal/legal');
  await page.locator(`[data-testid=p2p-ad][data-store="${store}"]`).getByTestId('p2p-trade').click();
  await page.getByTestId('p2p-input').fill(amount);
  await page.getByTestId('p2p-place').click();
  await expect(page).toHaveURL(/pages\/legal\/orderDetail\?id=po_/);
  await expect(page.getByTestId('p2p-status')).toHaveText('Waiting for payment');
}

/** What selling and a store need, through the API (the instant-review scenario decides reviews at once): verified identity, a verified bank account, a transaction password. */
async function readyToSell(api: Api, token: string) {
  const image = async () => (await api.ok('uploadImage', { token, body: { image: `data:image/png;base64,${PNG.toString('base64')}` } })).id;
  await api.ok('submitIdentity', {
    token,
    body: { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: await image(), backImage: await image() },
  });
  await api.ok('addPaymentMethod', {
    token,
    body: { type: 'bank', country: 'US', realName: 'Alex Morgan', bankName: 'First Bank', accountNumber: '12345678' },
  });
  await api.ok('setTransactionPassword', { token, body: { password: TX_PASSWORD, confirmPassword: TX_PASSWORD } });
}

type Server = { control: { reset: (o: object) => Promise<unknown>; clock: (o: object) => Promise<unknown> } };

/** The demo user as a merchant (instant reviews): 1,000 USDT in the fiat account, a store, and a sell ad of 500 USDT at 1.02 USD on the shelf. */
async function merchantWithAd(page: Page, server: Server) {
  await server.control.reset({ seed: 42, freezeClock: true, scenario: 'instant-review' });
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await readyToSell(api, token);
  await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' } });
  await api.ok('openP2pStore', { token });
  await api.ok('publishP2pAd', {
    token,
    body: { side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.02', quantity: '500', min: '20', max: '300', payments: 'bank' },
  });
  return { token, api };
}

async function act(page: Page, action: string) {
  await page.getByTestId(`p2p-action-${action}`).click();
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-sheet')).toBeHidden();
}

test('buy USDT from a merchant: the figures, pay with the reference, the merchant releases, the coin lands in the fiat account', async ({ page, server }) => {
  const token = await loginWithToken(page);
  await page.goto('pages/legal/legal');
  const ads = page.getByTestId('p2p-ad');
  await expect(ads).toHaveCount(2);
  // Cheapest first: Quiet Desk at 1.00, then Harbor OTC at 1.01.
  await expect(ads.first()).toHaveAttribute('data-store', 'Quiet Desk');
  await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
  await page.getByTestId('p2p-input').fill('10');
  await expect(page.getByText('Enter an amount from 50.00 to 5,000.00 USD')).toBeVisible();
  await expect(page.getByTestId('p2p-place')).toBeDisabled();
  await page.getByTestId('p2p-input').fill('100.20');
  await expect(page.getByTestId('p2p-summary-quantity')).toHaveText(shown('99.20792 USDT'));
  await expect(page.getByTestId('p2p-summary-amount')).toHaveText(shown('100.20 USD'));
  await page.getByTestId('p2p-place').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Waiting for payment');
  await expect(page.getByTestId('p2p-countdown')).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByTestId('p2p-account')).toHaveText(/^BANK-\d{8}$/);
  await expect(page.getByTestId('p2p-amount')).toHaveText(shown('100.20 USD'));

  await act(page, 'pay');
  await expect(page.getByTestId('p2p-status')).toHaveText('Paid');
  await expect(page.getByTestId('p2p-action-pay')).toHaveCount(0);
  // Harbor OTC releases two minutes later: the page follows live.
  await server.control.clock({ advanceMs: 120_000 });
  await expect(page.getByTestId('p2p-status')).toHaveText('Completed');
  await expect(page.getByTestId('p2p-collection-hidden')).toBeVisible();
  await page.getByTestId('p2p-finished-link').click();
  await expect(page.getByTestId('p2p-finished-summary')).toContainText('99.20792 USDT');
  const wallet = await apiOf(page).ok('getWallet', { token });
  expect(wallet.accounts.find((a) => a.kind === 'fiat')!.balances.find((b) => b.coin === 'USDT')!.available).toBe('99.207920');
  await page.goto('pages/legal/recordlist');
  await page.getByTestId('p2p-records-filter').getByText('Completed').click();
  await expect(page.getByTestId('p2p-record')).toHaveCount(1);
});

test('cancel before paying: the payment details are gone; an unpaid order expires; three cancellations pause buying until 00:00 UTC', async ({
  page,
  server,
}) => {
  await loginWithToken(page);
  await buyFrom(page, 'Harbor OTC', '60');
  await act(page, 'cancel');
  await expect(page.getByTestId('p2p-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('p2p-collection-hidden')).toHaveText('Order cancelled, so payment information cannot be viewed.');
  await expect(page.getByTestId('p2p-account')).toHaveCount(0);

  await buyFrom(page, 'Harbor OTC', '60');
  await server.control.clock({ advanceMs: 15 * 60_000 });
  await expect(page.getByTestId('p2p-status')).toHaveText('Cancelled');

  await buyFrom(page, 'Harbor OTC', '60');
  await act(page, 'cancel');
  await page.goto('pages/legal/legal');
  await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
  await page.getByTestId('p2p-input').fill('60');
  await page.getByTestId('p2p-place').click();
  await expect(toast(page, 'Buying is paused after three cancellations today; it resumes at 00:00 UTC')).toBeVisible();
  await expect(page).toHaveURL(/pages\/legal\/order\?/);
});

test('a merchant who never releases: the buyer appeals and support decides for the buyer who paid', async ({ page, server }) => {
  await loginWithToken(page);
  await buyFrom(page, 'Quiet Desk', '40');
  await act(page, 'pay');
  await server.control.clock({ advanceMs: 15 * 60_000 });
  await expect(page.getByTestId('p2p-status')).toHaveText('Paid');
  await page.getByTestId('p2p-action-appeal').click();
  await page.getByTestId('p2p-reason').fill('I paid 40 USD with the reference; no release after 15 minutes.');
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Under appeal');
  await expect(page.getByTestId('p2p-action-withdraw_appeal')).toBeVisible();
  await server.control.clock({ advanceMs: 30 * 60_000 });
  await expect(page.getByTestId('p2p-status')).toHaveText('Completed');
  await expect(page.getByTestId('p2p-appeal')).toHaveText('Support decided for the buyer.');
});

test('the order chat and an appeal decided for the seller: the merchant writes, I answer with text and a receipt, support joins, the chat closes with the order', async ({
  page,
  server,
}) => {
  await loginWithToken(page);
  await buyFrom(page, 'Quiet Desk', '40');
  const chat = page.getByTestId('p2p-chat');
  const messages = chat.getByTestId('p2p-chat-message');
  const reference = (await page.getByTestId('p2p-reference').textContent())!;
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toHaveAttribute('data-from', 'seller');
  await expect(messages.first()).toContainText(reference);

  await page.getByTestId('p2p-chat-input').fill('Paying now by bank transfer.');
  await page.getByTestId('p2p-chat-input').press('Enter');
  await expect(messages).toHaveCount(2);
  await expect(messages.last()).toHaveAttribute('data-from', 'buyer');
  await expect(messages.last()).toContainText('Paying now by bank transfer.');
  await expect(page.getByTestId('p2p-chat-input')).toHaveValue('');
  await page.getByTestId('p2p-chat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(chat.getByTestId('p2p-chat-image')).toBeVisible();
  await act(page, 'pay');

  // The merchant (QA through the control API) says the money is not there and marks the order.
  const id = new URL(page.url()).searchParams.get('id')!;
  await server.control.call('mockP2pSay', { id, as: 'seller', text: 'Nothing has arrived on my account yet.' });
  await expect(messages.last()).toContainText('Nothing has arrived on my account yet.');
  await expect(messages.last()).toHaveAttribute('data-from', 'seller');
  await server.control.call('mockP2pAct', { id, action: 'abnormal', as: 'seller' });
  await expect(page.getByTestId('p2p-status')).toHaveText('Payment not received');
  await page.getByTestId('p2p-action-appeal').click();
  await page.getByTestId('p2p-reason').fill('I paid 40 USD, the receipt is in the chat.');
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Under appeal');
  await expect(messages.last()).toHaveAttribute('data-from', 'support');
  await expect(messages.last()).toContainText('Support');

  // Support decides for the seller: cancelled, the coin back with the seller, the chat read-only.
  await server.control.call('mockP2pAct', { id, action: 'decide_seller', as: 'support' });
  await expect(page.getByTestId('p2p-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('p2p-appeal')).toHaveText('Support decided for the seller.');
  await expect(page.getByTestId('p2p-collection-hidden')).toHaveText('Order cancelled, so payment information cannot be viewed.');
  await expect(messages.last()).toContainText('Decided for the seller');
  await expect(page.getByTestId('p2p-chat-closed')).toBeVisible();
  await expect(page.getByTestId('p2p-chat-input')).toHaveCount(0);
  // Hostile text stays text.
  await server.control.call('mockP2pSay', { id, as: 'seller', text: '<img src=x onerror="window.__p2pXss=1"> https://evil.example' });
  await expect(messages.last()).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { __p2pXss?: number }).__p2pXss)).toBeUndefined();
  await expect(chat.locator('a')).toHaveCount(0);
});

test('sell USDT to a merchant: without a verified payment method the form says where to add one; with one, the merchant pays, the seller confirms with the transaction password', async ({
  page,
  server,
}) => {
  await server.control.reset({ seed: 42, freezeClock: true, scenario: 'instant-review' });
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'fiat', amount: '500' } });
  await page.goto('pages/legal/legal');
  await page.getByTestId('p2p-side').getByText('Sell').click();
  await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
  await expect(page.getByTestId('p2p-need-method')).toBeVisible();

  await readyToSell(api, token);
  await page.reload();
  await page.getByTestId('p2p-mode').getByText('By quantity').click();
  await page.getByTestId('p2p-input').fill('200');
  await expect(page.getByTestId('p2p-summary-amount')).toHaveText(shown('198.00 USD'));
  await page.getByTestId('p2p-place').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Waiting for payment');
  await expect(page.getByTestId('p2p-account')).toHaveText('First Bank 12345678');
  await expect(page.getByTestId('p2p-action-confirm')).toHaveCount(0);
  // The merchant pays a minute later; the seller checks and releases.
  await server.control.clock({ advanceMs: 60_000 });
  await expect(page.getByTestId('p2p-status')).toHaveText('Paid');
  await page.getByTestId('p2p-action-confirm').click();
  await page.getByTestId('p2p-tx-password').fill('111111');
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(toast(page, 'Incorrect transaction password')).toBeVisible();
  await page.getByTestId('p2p-action-confirm').click();
  await page.getByTestId('p2p-tx-password').fill(TX_PASSWORD);
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Completed');
  const wallet = await api.ok('getWallet', { token });
  expect(wallet.accounts.find((a) => a.kind === 'fiat')!.balances.find((b) => b.coin === 'USDT')!.available).toBe('300.000000');
});

test('a merchant: opens a store once the requirements are met, an invalid ad is refused, a published ad is taken by a buyer who pays, the merchant releases', async ({
  page,
  server,
}) => {
  await server.control.reset({ seed: 42, freezeClock: true, scenario: 'instant-review' });
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await page.goto('pages/legal/store');
  await expect(page).toHaveURL(/pages\/legal\/storeUser$/);
  await expect(page.getByTestId('p2p-req-realName')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('p2p-open-store')).toBeDisabled();
  await readyToSell(api, token);
  await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' } });
  await page.reload();
  await page.getByTestId('p2p-open-store').click();
  await expect(page).toHaveURL(/pages\/legal\/store$/);

  await page.getByTestId('p2p-new-ad').click();
  await page.getByTestId('p2p-ad-price').fill('1.02');
  await page.getByTestId('p2p-ad-quantity').fill('500');
  await page.getByTestId('p2p-ad-min').fill('300');
  await page.getByTestId('p2p-ad-max').fill('100');
  await page.getByTestId('p2p-ad-submit').click();
  await expect(page.getByText("The maximum can't be less than the minimum")).toBeVisible();
  await expect(page.getByText('Choose at least one payment method')).toBeVisible();
  await page.getByTestId('p2p-ad-min').fill('20');
  await page.getByTestId('p2p-ad-max').fill('300');
  await page.getByTestId('p2p-ad-pay-bank').click();
  await page.getByTestId('p2p-ad-submit').click();
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(1);
  await expect(page.getByTestId('p2p-my-ad')).toHaveAttribute('data-online', 'true');
  const fiat = async () => (await api.ok('getWallet', { token })).accounts.find((a) => a.kind === 'fiat')!.balances.find((b) => b.coin === 'USDT')!;
  expect(await fiat()).toMatchObject({ available: '500.000000', frozen: '500.000000' });

  // A buyer takes the ad a minute later and pays a minute after that; the merchant releases.
  await server.control.clock({ advanceMs: 60_000 });
  await page.getByTestId('p2p-store-orders').click();
  await expect(page.getByTestId('p2p-record')).toHaveCount(1);
  await server.control.clock({ advanceMs: 60_000 });
  await page.getByTestId('p2p-record').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Paid');
  await expect(page.getByTestId('p2p-account')).toHaveText('First Bank 12345678');
  await page.getByTestId('p2p-action-confirm').click();
  await page.getByTestId('p2p-tx-password').fill(TX_PASSWORD);
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Completed');
  const after = await fiat();
  expect(new Big(after.frozen).lt(500)).toBe(true);

  // Off the shelf: the rest of the reservation comes back.
  await page.goto('pages/legal/store');
  await page.getByTestId('p2p-shelf').click();
  await expect(page.getByTestId('p2p-my-ad')).toHaveAttribute('data-online', 'false');
  expect((await fiat()).frozen).toBe('0.000000');
  expect(await layoutProblems(page)).toEqual([]);
  await screenshot(page, 'fiat', 'my-store-en-light');
  await page.getByTestId('p2p-new-ad').click();
  expect(await layoutProblems(page)).toEqual([]);
  await screenshot(page, 'fiat', 'publish-en-light');
});

test('the fiat balance log and editing an ad: the reservation, the transfer, an edit that frees part of it, live', async ({ page, server }) => {
  const { token, api } = await merchantWithAd(page, server);

  await page.goto('pages/assets/assets');
  await page.getByTestId('kind-fiat').click();
  await page.getByTestId('fiat-log-link').click();
  await expect(page).toHaveURL(/pages\/legal\/transactionRecord$/);
  await expect(page.getByTestId('p2p-log-available')).toHaveText(shown('500.000000 USDT'));
  await expect(page.getByTestId('p2p-log-locked')).toHaveText(shown('500.000000 USDT'));
  const entries = page.getByTestId('p2p-log-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toHaveAttribute('data-reason', 'p2p_reserve');
  await expect(entries.first()).toContainText('Ad reservation');
  await expect(entries.first().getByTestId('p2p-log-change')).toHaveText(shown('-500.000000 USDT'));
  await expect(entries.first().getByTestId('p2p-log-locked-change')).toHaveText(shown('+500.000000 USDT'));
  await expect(entries.last()).toHaveAttribute('data-reason', 'transfer');
  await expect(entries.last().getByTestId('p2p-log-change')).toHaveText(shown('+1,000.000000 USDT'));

  // Edit the ad: a lower price and 400 USDT; 100 USDT of the reservation comes back.
  await page.goto('pages/legal/store');
  await page.getByTestId('p2p-edit-ad').click();
  await expect(page.getByTestId('p2p-ad-quantity')).toHaveValue('500.000000');
  await page.getByTestId('p2p-ad-min').fill('500');
  await page.getByTestId('p2p-ad-submit').click();
  await expect(page.getByText("The maximum can't be less than the minimum")).toBeVisible();
  await page.getByTestId('p2p-ad-min').fill('20');
  await page.getByTestId('p2p-ad-price').fill('1.01');
  await page.getByTestId('p2p-ad-quantity').fill('400');
  await page.getByTestId('p2p-ad-submit').click();
  await expect(page.getByTestId('p2p-edit')).toHaveCount(0);
  await expect(page.getByTestId('p2p-my-ad')).toContainText('1.01 USD');
  await expect(page.getByTestId('p2p-my-ad')).toContainText('400 USDT');
  await page.goto('pages/legal/transactionRecord');
  await expect(page.getByTestId('p2p-log-locked')).toHaveText(shown('400.000000 USDT'));
  await expect(entries).toHaveCount(3);
  await expect(entries.first().getByTestId('p2p-log-change')).toHaveText(shown('+100.000000 USDT'));

  // A buyer takes the ad, pays, the merchant releases: the log follows live.
  await server.control.clock({ advanceMs: 120_000 });
  const orders = await api.ok('listP2pOrders', { token, query: { status: 'open', scope: 'store' } });
  await api.ok('actOnP2pOrder', { token, body: { id: orders.items[0].id, action: 'confirm', transactionPassword: TX_PASSWORD } });
  await expect(entries.first()).toHaveAttribute('data-reason', 'p2p_release');
  await expect(entries.first()).toHaveAttribute('href', new RegExp(`orderDetail\\?id=${orders.items[0].id}$`));
});

test('a store page: its record, certifications and ads; every string from the dictionaries', async ({ page }) => {
  await page.goto('pages/legal/legal?pseudo=1');
  await expect(page.getByTestId('p2p-ad')).toHaveCount(2);
  expect(await untranslated(page)).toEqual([]);
  await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-store-link').click();
  await expect(page.getByTestId('p2p-store-total')).toHaveText('5210');
  await expect(page.getByTestId('p2p-level-advanced')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('p2p-ad')).toHaveCount(4);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of the market, the order form and an order in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page }) => {
    await loginWithToken(page);
    await buyFrom(page, 'Harbor OTC', '100');
    const orderUrl = page.url();
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      const shoot = async (name: string) => {
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'fiat', `${name}-${lang}-${theme}`);
      };
      await openPage(page, 'pages/legal/legal');
      await expect(page.getByTestId('p2p-ad')).toHaveCount(2);
      await shoot('market');
      await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
      await page.getByTestId('p2p-input').fill('100');
      await expect(page.getByTestId('p2p-summary')).toBeVisible();
      await shoot('order-form');
      await openPage(page, orderUrl);
      await expect(page.getByTestId('p2p-countdown')).toHaveText(/^1[45]:\d\d$/);
      await shoot('order');
    }
  });
}

/** A merchant with a store, an ad taken and paid by a simulated buyer, and a completed purchase of its own; the URLs of every fiat page with data. */
async function fiatPages(page: Page, server: Server) {
  const { token, api } = await merchantWithAd(page, server);
  const harbor = (await api.ok('listP2pAds', { query: { side: 'buy', coin: 'USDT', fiat: 'USD' } })).items.find((a) => a.store.name === 'Harbor OTC')!;
  const bought = await api.ok('placeP2pOrder', { token, body: { adId: harbor.id, amount: '100.20', payment: 'bank' } });
  await api.ok('sendP2pMessage', { token, body: { id: bought.id, text: 'Paid from my account at First Bank, reference in the transfer note.' } });
  await api.ok('actOnP2pOrder', { token, body: { id: bought.id, action: 'pay' } });
  await server.control.clock({ advanceMs: 120_000 });
  return {
    recordlist: 'pages/legal/recordlist',
    finished: `pages/legal/finished?id=${bought.id}`,
    orderDetail: `pages/legal/orderDetail?id=${bought.id}`,
    storeDetail: `pages/legal/storeDetail?id=${harbor.store.id}`,
    storeUser: 'pages/legal/storeUser',
    store: 'pages/legal/store',
    storeOrder: 'pages/legal/storeOrder',
    transactionRecord: 'pages/legal/transactionRecord',
  };
}

test('every fiat page with data goes through the dictionaries (pseudo locale)', async ({ page, server }) => {
  const urls = await fiatPages(page, server);
  for (const [name, url] of Object.entries(urls)) {
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}pseudo=1`);
    await expect(page.locator('main [data-testid]').first()).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    expect(await untranslated(page), name).toEqual([]);
  }
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of my orders, the finished page, the chat, a store, the merchant pages and the balance log in ${lang}, light and dark`, async ({
    page,
    server,
  }) => {
    // Eight (seven) pages in two themes: more than the default 30 s budget on a busy machine.
    test.slow();
    const urls = await fiatPages(page, server);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      for (const [name, url] of Object.entries(urls)) {
        await openPage(page, url);
        await expect(page.locator('main [data-testid]').first()).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'fiat', `${name}-${lang}-${theme}`);
      }
    }
  });
}
