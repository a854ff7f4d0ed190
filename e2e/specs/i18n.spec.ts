/**
 * The legal pages, whose sections are arrays in the dictionaries, show their translated text; a
 * first visit to a tab page downloads core and the tab's own part of the dictionary, not the rest,
 * and a language switch brings the new language's copy of each part loaded. (The pseudo locale's
 * check that every visible string of every page comes from the dictionaries runs in the sweep,
 * sweep.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot } from '../fixtures/server.ts';
import { loginWithToken, navigateInApp } from '../fixtures/helpers.ts';

type Legal = { intro: string; sections: { title: string; body: string }[] };
const dictionary = (lang: string) => JSON.parse(readFileSync(join(repoRoot, 'locales', `${lang}.json`), 'utf8')) as { agreement: Legal; policy: Legal };
const english = dictionary('en');
const german = JSON.parse(readFileSync(join(repoRoot, 'locales', 'de.json'), 'utf8')) as { trade: Record<string, string>; tabs: Record<string, string> };

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

/** The dictionary parts the page fetches from now on, as `<language> <part>`. */
function dictionaryParts(page: Page): string[] {
  const parts: string[] = [];
  page.on('request', (request) => {
    const m = /\/strings-[\w-]+\/([a-z]{2})-([a-z]+)\.json$/.exec(new URL(request.url()).pathname);
    if (m) parts.push(`${m[1]} ${m[2]}`);
  });
  return parts;
}

for (const [tab, path, drawn] of [
  ['market', 'pages/market/market', 'ticker-row'],
  ['trade', 'pages/trade/trade?symbol=BTC%2FUSDT', 'recent-trades'],
  ['lever', 'pages/lever/lever', 'lever-form'],
  ['assets', 'pages/assets/assets', 'balance-row'],
] as const) {
  test(`a first visit to the ${tab} tab downloads core and the tab's strings, not the rest`, async ({ page }) => {
    if (tab === 'assets') await loginWithToken(page);
    await page.addInitScript(() => localStorage.setItem('lang', 'de'));
    const parts = dictionaryParts(page);
    await page.goto(path);
    await expect(page.getByTestId(drawn).first()).toBeVisible();
    // A string in no part loaded would have sent for the rest as the page rendered it.
    await page.waitForTimeout(500);
    expect([...new Set(parts)].sort()).toEqual([`de ${tab}`, 'de core'].sort());
    // Any page that is not a tab brings the rest.
    await navigateInApp(page, 'pages/mine/about');
    expect(parts).toContain('de rest');
  });
}

test('a language switch loads, in the new language, the parts loaded in the old one', async ({ page }) => {
  const parts = dictionaryParts(page);
  await page.goto('pages/trade/trade?symbol=BTC%2FUSDT');
  await expect(page.getByTestId('recent-trades')).toBeVisible();
  await page.getByTestId('tab-home').click();
  await page.getByTestId('language-select').selectOption('de');
  await expect(page.getByTestId('tab-trade')).toHaveText('Spot');
  expect([...new Set(parts)].sort()).toEqual(['de core', 'de trade', 'en core', 'en trade']);
  await page.getByTestId('tab-trade').click();
  await expect(page.getByTestId('recent-trades')).toContainText(german.trade.recentTrades);
  expect(parts).not.toContain('de rest');
});
