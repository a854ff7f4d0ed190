/**
 * The legal pages, whose sections are arrays in the dictionaries, show their translated text. (The
 * pseudo locale's check that every visible string of every page comes from the dictionaries runs in
 * the sweep, sweep.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, repoRoot } from '../fixtures/server.ts';

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
