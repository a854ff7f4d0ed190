/**
 * Online service: a user's chat (send, delivered and read marks, the agent typing and answering
 * with a link to the page), an image through the upload path, the history after reload, the unread
 * badge for an agent message that comes while away, agent text rendered inert with safe links, a
 * guest's chat tied to the device; screenshots in light and dark, English, German and Arabic.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, untranslated, setPreferences } from '../fixtures/helpers.ts';
import { PNG } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

const messages = (page: Page) => page.getByTestId('kefu-message');

test.beforeEach(async ({ server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
});

test('a user asks about deposits: delivered, read, the agent types, answers with the deposit page; an image; the history after reload', async ({
  page,
  server,
}) => {
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.getByTestId('row-kefu').click();
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toHaveAttribute('data-kind', 'greeting');
  await expect(messages(page).first()).toContainText('How can we help you today?');

  await page.getByTestId('kefu-input').fill('How do I deposit USDT?');
  await page.getByTestId('kefu-send').click();
  await expect(page.getByTestId('kefu-input')).toHaveValue('');
  const mine = messages(page).nth(1);
  await expect(mine).toHaveAttribute('data-from', 'user');
  await expect(mine).toContainText('How do I deposit USDT?');
  await expect(mine.getByTestId('kefu-status')).toHaveAttribute('data-status', 'delivered');

  // One second later the agent has read it and types; two more and it answers.
  await server.control.clock({ advanceMs: 1000 });
  await expect(mine.getByTestId('kefu-status')).toHaveAttribute('data-status', 'read');
  await expect(page.getByTestId('kefu-typing')).toBeVisible();
  await server.control.clock({ advanceMs: 2000 });
  await expect(page.getByTestId('kefu-typing')).toBeHidden();
  const reply = messages(page).nth(2);
  await expect(reply).toHaveAttribute('data-kind', 'deposit');
  await expect(reply.getByTestId('kefu-page-link')).toHaveText('Deposit');

  // An image through the upload path.
  await page.getByTestId('kefu-file').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('kefu-image')).toBeVisible();
  await expect(messages(page).nth(3).getByTestId('kefu-status')).toHaveAttribute('data-status', 'delivered');
  await server.control.clock({ advanceMs: 3000 });
  await expect(messages(page)).toHaveCount(5);
  await expect(messages(page).nth(4)).toHaveAttribute('data-kind', 'handover');

  // After a reload the conversation is all there.
  await page.reload();
  await expect(messages(page)).toHaveCount(5);
  await expect(page.getByTestId('kefu-image')).toBeVisible();
  await expect(messages(page).nth(1).getByTestId('kefu-status')).toHaveAttribute('data-status', 'read');
  await reply.getByTestId('kefu-page-link').click();
  await expect(page).toHaveURL(/pages\/assets\/charge$/);
});

test('an agent message while I am away shows the unread badge; its text is inert and only safe links are links', async ({ page, server }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/kefu');
  await expect(messages(page)).toHaveCount(1);
  await page.goto('pages/mine/userCenter');
  const badge = page.getByTestId('row-kefu').getByTestId('support-unread-badge');
  await expect(badge).toHaveCount(0);
  const hostile =
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> javascript:alert(1) http://plain.example ' +
    'Details: https://example.com/help. Or open /pages/assets/mention';
  await server.control.call('mockSupportReply', { account: 'demo@example.com', text: hostile });
  await expect(badge).toHaveText('1');
  await page.goto('pages/home/home');
  await expect(page.getByTestId('home-kefu').getByTestId('support-unread-badge')).toHaveText('1');

  await page.getByTestId('home-kefu').click();
  const last = messages(page).last();
  await expect(last).toContainText('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> javascript:alert(1)');
  await expect(last.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const links = last.getByTestId('kefu-link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAttribute('href', 'https://example.com/help');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', /noopener/);
  await expect(links.nth(1)).toHaveText('Withdraw');
  // Read while on screen: the badge is gone when I come back.
  await page.goto('pages/mine/userCenter');
  await expect(page.getByTestId('row-kefu')).toBeVisible();
  await expect(badge).toHaveCount(0);
  await page.goto('pages/mine/kefu');
  await links.nth(1).click();
  await expect(page).toHaveURL(/pages\/assets\/mention$/);
});

test("the newest message, mine or the agent's, is in view above the composer, not under it", async ({ page, server }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/kefu');
  await expect(messages(page)).toHaveCount(1);
  const clearOfComposer = async () => {
    const last = await messages(page).last().boundingBox();
    const composer = await page.getByTestId('kefu-input').locator('xpath=ancestor::*[contains(@class, "composer")][1]').boundingBox();
    expect(
      last && composer && last.y + last.height <= composer.y + 1,
      `last message ends at ${last && last.y + last.height}, composer starts at ${composer?.y}`,
    ).toBe(true);
  };
  for (let i = 1; i <= 8; i++) {
    await page.getByTestId('kefu-input').fill(`Question ${i}: a message long enough to take two lines on a phone's screen`);
    await page.getByTestId('kefu-send').click();
    await expect(messages(page)).toHaveCount(1 + i);
  }
  await clearOfComposer();
  await server.control.call('mockSupportReply', { text: 'An answer from the agent, long enough to take more than one line here.' });
  await expect(messages(page).last()).toContainText('An answer from the agent');
  await clearOfComposer();
  // An image: its message grows when the picture has loaded, after the scroll.
  await page.getByTestId('kefu-file').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(messages(page).last().getByTestId('kefu-image')).toBeVisible();
  await page.waitForTimeout(300);
  await clearOfComposer();
});

test('a guest chats from the device without an account; the conversation stays with the device, another device starts its own', async ({
  page,
  server,
  browser,
}) => {
  await page.goto('pages/mine/about');
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.goto('pages/home/home');
  await page.getByTestId('home-kefu').click();
  await expect(page.getByTestId('kefu-guest')).toBeVisible();
  await expect(messages(page)).toHaveCount(1);
  await page.getByTestId('kefu-input').fill('Wie lange dauert eine Auszahlung?');
  await page.getByTestId('kefu-input').press('Enter');
  await expect(messages(page)).toHaveCount(2);
  await server.control.clock({ advanceMs: 3000 });
  await expect(messages(page).nth(2)).toHaveAttribute('data-kind', 'withdraw');
  await expect(messages(page).nth(2).getByTestId('kefu-page-link')).toHaveText('Auszahlen');
  await server.control.call('mockSupportReply', { text: 'Noch Fragen?' });
  await expect(messages(page).nth(3)).toContainText('Noch Fragen?');
  await page.reload();
  await expect(messages(page)).toHaveCount(4);

  const other = await browser.newContext({ baseURL: `${server.baseURL}/h5/` });
  const second = await other.newPage();
  await second.goto('pages/mine/kefu');
  await expect(messages(second)).toHaveCount(1);
  await other.close();
});

test('every visible string of the chat comes from the dictionaries (pseudo locale)', async ({ page, server }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/kefu?pseudo=1');
  await page.getByTestId('kefu-input').fill('withdraw');
  await page.getByTestId('kefu-send').click();
  // On the server before the clock moves: the agent answers from the message's time on.
  await expect(page.getByTestId('kefu-status').last()).toHaveAttribute('data-status', 'delivered');
  await server.control.clock({ advanceMs: 1000 });
  await expect(page.getByTestId('kefu-typing')).toBeVisible();
  expect(await untranslated(page)).toEqual([]);
  await server.control.clock({ advanceMs: 2000 });
  await expect(messages(page)).toHaveCount(3);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of the chat in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page, server }) => {
    await loginWithToken(page);
    await page.goto('pages/mine/kefu');
    await page.getByTestId('kefu-input').fill('How do I deposit?');
    await page.getByTestId('kefu-send').click();
    await expect(page.getByTestId('kefu-status').last()).toHaveAttribute('data-status', 'delivered');
    await server.control.clock({ advanceMs: 3000 });
    await server.control.call('mockSupportReply', { account: 'demo@example.com', text: 'More at https://example.com/help or /pages/assets/mention' });
    await expect(messages(page)).toHaveCount(4);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      await page.reload();
      await expect(messages(page)).toHaveCount(4);
      expect(await layoutProblems(page, '[data-testid=kefu-message] > div'), `${lang} ${theme}`).toEqual([]);
      await screenshot(page, 'support', `kefu-${lang}-${theme}`);
    }
  });
}
