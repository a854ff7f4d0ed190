/**
 * System messages: a credited deposit produces a message that arrives live with the unread badge;
 * reading one or all clears it.
 */
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken } from '../fixtures/helpers.ts';
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
