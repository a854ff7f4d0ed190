/**
 * Fiat (P2P) orders: buy from a merchant to completion (pay, the merchant releases, the coin in the
 * fiat account), cancel before paying (payment details gone), an unpaid order expiring, three
 * cancellations pausing buying, appeals decided for the buyer and for the seller, the order chat,
 * and selling to a merchant with the transaction password.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, loginWithToken, shown, toast } from '../fixtures/helpers.ts';
import { buyFrom, freshMarket, readyToSell } from '../fixtures/fiat.ts';
import { PNG, TX_PASSWORD } from '../fixtures/funds.ts';

test.beforeEach(freshMarket);

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
  // Cheapest first: Quiet Desk at 1.00, then Harbor OTC at 1.01; by completion rate, Harbor OTC first (kept on a reload).
  await expect(ads.first()).toHaveAttribute('data-store', 'Quiet Desk');
  await page.getByTestId('p2p-sort').getByText('Completion rate').click();
  await expect(ads.first()).toHaveAttribute('data-store', 'Harbor OTC');
  await page.reload();
  await expect(ads.first()).toHaveAttribute('data-store', 'Harbor OTC');
  await expect(ads.first().getByTestId('p2p-pay-window')).toHaveText('Pay within 15 min');
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
  const orderNo = (await page.getByTestId('p2p-order-no').textContent())!;
  expect(orderNo).toMatch(/^\d{14}$/);
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
  await expect(page.getByTestId('p2p-record-no')).toHaveText(orderNo);
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
  // An appeal says why: not without a reason, nor a blank one.
  await expect(page.getByTestId('p2p-sheet-confirm')).toBeDisabled();
  await page.getByTestId('p2p-reason').fill('   ');
  await expect(page.getByTestId('p2p-sheet-confirm')).toBeDisabled();
  await page.getByTestId('p2p-reason').fill('I paid 40 USD with the reference; no release after 15 minutes.');
  await page.getByTestId('p2p-sheet-confirm').click();
  await expect(page.getByTestId('p2p-status')).toHaveText('Under appeal');
  await expect(page.getByTestId('p2p-appeal-reason')).toContainText('I paid 40 USD with the reference; no release after 15 minutes.');
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
