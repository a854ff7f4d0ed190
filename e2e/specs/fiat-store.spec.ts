/**
 * A fiat (P2P) merchant's store: opened once the requirements are met, ads published (an invalid one
 * refused), taken by a buyer, edited and taken off the shelf, the fiat balance log following live,
 * and a store page as buyers see it.
 */
import Big from 'big.js';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, layoutProblems, loginWithToken, shown, untranslated } from '../fixtures/helpers.ts';
import { freshMarket, merchantWithAd, readyToSell } from '../fixtures/fiat.ts';
import { TX_PASSWORD } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

test.beforeEach(freshMarket);

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
  // A name another store has, in other letter case, is refused; a new one is trimmed.
  await page.getByTestId('p2p-store-name-input').fill('harbor otc');
  await page.getByTestId('p2p-open-store').click();
  await expect(page.getByTestId('p2p-store-name-form')).toContainText('Another store already has this name');
  await page.getByTestId('p2p-store-name-input').fill('  Alex   Desk ');
  await page.getByTestId('p2p-open-store').click();
  await expect(page).toHaveURL(/pages\/legal\/store$/);
  await expect(page.getByTestId('p2p-my-store-name')).toHaveText('Alex Desk');
  await expect(page.getByTestId('p2p-presence')).toHaveText('Online');
  // No orders yet: said so, not "0% completed".
  await expect(page.getByTestId('p2p-my-store')).toContainText('New store: no orders yet');
  await expect(page.getByTestId('p2p-my-store')).not.toContainText('0% completed');

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
