/**
 * System messages: a credited deposit produces a message that arrives live with the unread badge;
 * reading one or all clears it. What happens to the user's orders on its own (a resting order
 * filled) is a toast on whatever page they are on, with a button to the order.
 */
import { test, expect } from '../fixtures/server.ts';
import { apiOf, loginWithToken } from '../fixtures/helpers.ts';
import { deposit } from '../fixtures/funds.ts';

test('a credited deposit arrives live as an unread message with the badge; reading one or all clears it', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  const token = await loginWithToken(page);
  await page.goto('pages/home/home');
  const badge = page.getByTestId('home-messages').getByTestId('unread-badge');
  await expect(badge).toHaveText('1');
  await deposit(page, server, token, '100');
  await expect(badge).toHaveText('2');
  await page.getByTestId('home-messages').click();
  const items = page.getByTestId('message-item');
  await expect(items.first()).toContainText('Deposit credited');
  await expect(items.first()).toContainText(/\u2068?100 USDT\u2069? has been credited to your funds account\./);
  await expect(items.first()).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('messages-unread')).toHaveText('2 unread');
  await items.first().click();
  await expect(page.getByTestId('message-detail')).toContainText('Deposit credited');
  await page.goBack();
  await expect(items.first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('messages-unread')).toHaveText('1 unread');
  // Another one arrives while the list is open, at the top.
  await server.control.call('mockMessage', { account: 'demo@example.com', title: 'Maintenance tonight', body: '<b>not bold</b> from 02:00 UTC' });
  await expect(items.first()).toContainText('Maintenance tonight');
  await expect(items.first()).toContainText('<b>not bold</b>');
  await expect(page.getByTestId('messages-unread')).toHaveText('2 unread');
  await page.getByTestId('messages-read-all').click();
  await expect(page.getByTestId('messages-unread')).toHaveText('0 unread');
  await page.goto('pages/mine/userCenter');
  await expect(page.getByTestId('row-messages')).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});

test('a resting order that fills while I am on another page is a toast in my language that opens my orders', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await page.addInitScript(() => localStorage.setItem('lang', 'de'));
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '1000' } });
  await server.control.call('mockPrice', { symbol: 'BTC/USDT', price: '60000.00' });
  await api.ok('placeOrder', { token, body: { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '59900.00', quantity: '0.001' } });
  await page.goto('pages/mine/userCenter');
  await expect(page.getByTestId('live-notices')).toHaveAttribute('data-status', 'connected');
  await server.control.call('mockPrice', { symbol: 'BTC/USDT', price: '59000.00' });

  const notice = page.getByTestId('notice-toast');
  await expect(notice).toContainText('Order ausgeführt');
  await expect(notice).toContainText(/0,001 BTC/);
  await expect(notice).toContainText('59.900,00');
  await notice.getByTestId('notice-open').click();
  await expect(page).toHaveURL(/pages\/trade\/entrust/);
});
