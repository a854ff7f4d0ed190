/**
 * News: the list and an article in the user's language (English where it is not written in it,
 * labelled with its language in the reader's), hostile HTML rendered inert, the latest titles on home; and screenshots of home, news, messages
 * and invite in light and dark, English, German and Arabic (NEWS_LANGS).
 */
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, setPreferences, openPage, wrappedOrCut } from '../fixtures/helpers.ts';
import { deposit } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

const HOSTILE = [
  '<p>Readable text</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" onload="window.__pwned = \'onload\'" alt="pixel">',
  '<a id="js" href="javascript:window.__pwned=\'link\'">a link</a>',
  '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '<svg><script>window.__pwned = "svg"</script><circle r="5" onload="window.__pwned=\'svg-onload\'"></circle></svg>',
  '<form action="/h5/pages/home/home"><button id="submit">Go</button></form>',
  '<p style="position:fixed;inset:0;background:red" onmouseover="window.__pwned=\'hover\'">Covered</p>',
].join('');

test('news: a German reader reads the seeded articles in German; one in English is labelled "Englisch" on home, in the list and on its page', async ({
  page,
  server,
}) => {
  await server.control.call('mockNews', { title: 'Holiday trading hours', summary: 'Markets stay open.', body: '<p>Markets stay open over the holidays.</p>' });
  await page.goto('pages/home/home');
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.goto('pages/home/home');
  const latest = page.getByTestId('home-news-item');
  await expect(latest.first().getByTestId('article-language')).toHaveText('Englisch');
  await expect(latest.nth(1)).toContainText('Sekundenkontrakte sind verfügbar');
  await expect(latest.nth(1).getByTestId('article-language')).toHaveCount(0);
  expect(await wrappedOrCut(page, '[data-testid=article-language]')).toEqual([]);

  await openPage(page, 'pages/home/news');
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(8);
  // Only the article not written in German carries a label: every seeded one is translated.
  await expect(page.getByTestId('article-language')).toHaveCount(1);
  await expect(items.first().getByTestId('article-language')).toHaveText('Englisch');
  await expect(items.first().getByTestId('article-language')).toHaveAttribute('lang', 'de');
  await expect(items.first().locator('[lang=en]')).toContainText('Holiday trading hours');
  await expect(items.filter({ hasText: 'Unsere Gebühren' })).toHaveCount(1);
  await items.first().click();
  await expect(page.getByTestId('news-article').getByTestId('article-language')).toHaveText('Englisch');
  await expect(page.getByTestId('news-body')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('news-in-english')).toBeVisible();
  await page.goBack();
  await items.nth(1).click();
  await expect(page.getByTestId('news-article').getByRole('heading', { level: 2 }).first()).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('news-article').getByTestId('article-language')).toHaveCount(0);
  await expect(page.getByTestId('news-body')).toContainText('Die meisten kurzfristigen Wetten verlieren auf Dauer Geld.');
  await page.getByTestId('news-body').getByRole('link', { name: 'jetzt übertragen' }).click();
  await expect(page).toHaveURL(/\/h5\/pages\/(assets\/transferTomicro|mine\/login)/);
});

test('the latest titles on home open their article', async ({ page }) => {
  await page.goto('pages/home/home');
  const latest = page.getByTestId('home-news-item');
  await expect(latest).toHaveCount(3);
  await latest.first().click();
  await expect(page.getByTestId('news-article')).toContainText('Second contracts are live');
});

test('an article link without an id, or with an unknown one, says the article was not found', async ({ page }) => {
  for (const path of ['pages/home/newsDetail', 'pages/home/newsDetail?id=', 'pages/home/newsDetail?id=nw_nothing']) {
    await page.goto(path);
    await expect(page.getByTestId('news-not-found')).toBeVisible();
    await expect(page.getByTestId('news-article')).toHaveCount(0);
  }
});

test('an article with hostile HTML renders its text and runs nothing', async ({ page, server }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const { id } = (await server.control.call('mockNews', { title: 'Hostile HTML', summary: 'Nothing may run', body: HOSTILE })) as { id: string };
  await page.goto(`pages/home/newsDetail?id=${id}`);
  const body = page.getByTestId('news-body');
  await expect(body.locator('p').first()).toHaveText('Readable text');
  await expect(body).toContainText('Covered');
  await expect(body.getByRole('img', { name: 'pixel' })).toBeVisible();
  expect(await body.locator('script, iframe, svg, form, input, button, [onerror], [onload], [onmouseover], [style]').count()).toBe(0);
  await body.getByText('a link').click();
  await body.getByText('Covered').hover();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`newsDetail\\?id=${id}$`));
});

for (const lang of (process.env.NEWS_LANGS ?? 'en,de,ar').split(',')) {
  test(`screenshots of home, news, messages and invite in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page, server }) => {
    test.setTimeout(90_000);
    await server.control.reset({ seed: 42, freezeClock: true });
    const token = await loginWithToken(page);
    await deposit(page, server, token, '250');
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      const shoot = async (name: string) => {
        // Titles, summaries and messages: what these pages show besides buttons.
        expect(
          await layoutProblems(
            page,
            '[data-testid=news-item] > div > div, [data-testid=news-article] h2, [data-testid=message-item] > div > div:first-child, [data-testid=message-detail] h2',
          ),
          `${name} in ${lang} ${theme}`,
        ).toEqual([]);
        await screenshot(page, 'news', `${name}-${lang}-${theme}`);
      };
      await openPage(page, 'pages/home/home');
      await expect(page.getByTestId('home-news-item')).toHaveCount(3);
      await shoot('home');
      await openPage(page, 'pages/home/news');
      await expect(page.getByTestId('news-item')).toHaveCount(7);
      await shoot('news');
      await page.getByTestId('news-item').first().click();
      await expect(page.getByTestId('news-body')).toBeVisible();
      await shoot('news-article');
      await openPage(page, 'pages/mine/systemMessages');
      await expect(page.getByTestId('message-item')).toHaveCount(2);
      await shoot('messages');
      await page.getByTestId('message-item').first().click();
      await expect(page.getByTestId('message-body')).toBeVisible();
      await shoot('message');
      await openPage(page, 'pages/mine/invite');
      await expect(page.getByTestId('invite-qr')).toBeVisible();
      await shoot('invite');
    }
  });
}
