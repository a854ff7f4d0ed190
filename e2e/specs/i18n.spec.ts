/**
 * The pseudo locale (?pseudo=1) shows every translated string as "⟦Ḿàŕķéţš⟧": text on screen in
 * plain letters did not go through the dictionaries. Pages without user data are swept.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken } from '../fixtures/helpers.ts';

/** Visible text nodes, placeholders and aria-labels with a word in plain letters (codes like BTC or 1m pass). */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const plain = (t: string) => !t.includes('⟦') && /[a-z]{3,}/.test(t);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const el = n.parentElement;
      if (!text || !el || el.closest('[aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width && box.height && plain(text)) found.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label]')) {
      for (const attr of ['placeholder', 'aria-label']) {
        const value = el.getAttribute(attr);
        if (value && plain(value)) found.add(`${attr}: ${value}`);
      }
    }
    return [...found];
  });
}

const LOGGED_IN = [
  'pages/home/home',
  'pages/market/market',
  'pages/market/kline?symbol=BTC/USDT',
  'pages/trade/trade?symbol=BTC/USDT',
  'pages/trade/entrust',
  'pages/assets/assets',
  'pages/assets/transfer',
  'pages/assets/flash',
  'pages/assets/mention',
  'pages/mine/security',
  'pages/mine/authentication',
  'pages/mine/resetLegalPwd',
];
const GUEST = ['pages/mine/login', 'pages/mine/register', 'pages/mine/forgetPwd'];

test('every visible string of the main pages comes from the dictionaries', async ({ page }) => {
  await page.goto('pages/mine/login?pseudo=1');
  await expect(page.getByRole('button', { name: /⟦/ }).first()).toBeVisible();
  for (const path of GUEST) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toContainText('⟦');
    expect(await untranslated(page), path).toEqual([]);
  }
  await loginWithToken(page);
  for (const path of LOGGED_IN) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toContainText('⟦');
    await page.waitForLoadState('networkidle');
    expect(await untranslated(page), path).toEqual([]);
  }
});
