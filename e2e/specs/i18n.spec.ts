/**
 * The pseudo locale (?pseudo=1) shows every translated string as "⟦Ḿàŕķéţš⟧": text on screen in
 * plain letters did not go through the dictionaries. Pages without user data are swept. The legal
 * pages, whose sections are arrays in the dictionaries, show their translated text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, repoRoot } from '../fixtures/server.ts';
import { loginWithToken, untranslated } from '../fixtures/helpers.ts';

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
  'pages/mine/systemMessages',
  'pages/home/news',
];
const GUEST = ['pages/mine/login', 'pages/mine/register', 'pages/mine/forgetPwd'];

test('every visible string of the main pages comes from the dictionaries', async ({ page }) => {
  // 17 pages, each loaded until the network is idle (about 2-3 s apiece).
  test.setTimeout(90_000);
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

type Legal = { intro: string; sections: { title: string; body: string }[] };
const dictionary = (lang: string) => JSON.parse(readFileSync(join(repoRoot, 'locales', `${lang}.json`), 'utf8')) as { agreement: Legal; policy: Legal };
const english = dictionary('en');

for (const [lang, heading] of [
  ['de', '3. Handelsrisiken'],
  ['ar', '3. مخاطر التداول'],
] as const) {
  test(`the user agreement and the privacy policy show their sections in ${lang}`, async ({ page }) => {
    const dict = dictionary(lang);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    for (const [path, doc] of [
      ['pages/home/agreement', 'agreement'],
      ['pages/mine/policy', 'policy'],
    ] as const) {
      await page.goto(path);
      const article = page.getByTestId(`legal-${doc}`);
      await expect(article.locator('p').first()).toHaveText(dict[doc].intro);
      // As many sections as in English, each with the translated heading and paragraph.
      const sections = article.locator('section');
      const count = english[doc].sections.length;
      await expect(sections).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        await expect(sections.nth(i).getByRole('heading', { level: 2 })).toHaveText(dict[doc].sections[i].title);
        await expect(sections.nth(i).locator('p')).toHaveText(dict[doc].sections[i].body);
      }
    }
    await page.goto('pages/home/agreement');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText('Trading risks')).toHaveCount(0);
  });
}
