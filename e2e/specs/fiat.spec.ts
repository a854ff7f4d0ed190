/**
 * The fiat market: buy from a merchant to completion (pay, the merchant releases, the coin in the
 * fiat account), cancel before paying (payment details gone), an unpaid order expiring, three
 * cancellations pausing buying, an appeal against a merchant who never releases, a store page;
 * screenshots in light and dark, English, German and Arabic.
 */
import type { Page } from '@playwright/test';
import Big from 'big.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, setPreferences, shown, toast, untranslated } from '../fixtures/helpers.ts';
import { createApi, type Api } from '../fixtures/api.ts';
import { PNG, TX_PASSWORD } from '../fixtures/funds.ts';

const SHOTS = process.env.FIAT_SHOTS ?? '/tmp/fiat-shots';
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
  await expect(page.getByText('Maximum volume cannot be less than minimum')).toBeVisible();
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
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'my-store-en-light.png'), fullPage: true });
  await page.getByTestId('p2p-new-ad').click();
  expect(await layoutProblems(page)).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'publish-en-light.png'), fullPage: true });
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
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      const shoot = async (name: string) => {
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `${name}-${lang}-${theme}.png`), fullPage: true });
      };
      await page.goto('pages/legal/legal');
      await expect(page.getByTestId('p2p-ad')).toHaveCount(2);
      await shoot('market');
      await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
      await page.getByTestId('p2p-input').fill('100');
      await expect(page.getByTestId('p2p-summary')).toBeVisible();
      await shoot('order-form');
      await page.goto(orderUrl);
      await expect(page.getByTestId('p2p-countdown')).toHaveText(/^1[45]:\d\d$/);
      await shoot('order');
    }
  });
}
