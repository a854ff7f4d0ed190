/** The app frame: deep links, placeholders, 404, theme, tab bar, language and the realtime banner. */
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken, recordApiCalls, setPreferences } from '../fixtures/helpers.ts';

const title = (page: import('@playwright/test').Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('a deep link survives a reload', async ({ page }) => {
  await page.goto('pages/market/market');
  await expect(title(page, 'Markets')).toBeVisible();
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/h5\/pages\/market\/market$/);
  // The deployment settings (config.js) load on a deep link too.
  expect(await page.evaluate(() => typeof (window as { __APP_CONFIG__?: unknown }).__APP_CONFIG__)).toBe('object');
  await expect(title(page, 'Markets')).toBeVisible();
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  await expect(page.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
});

test('an unknown path under /h5/ shows the 404 page', async ({ page }) => {
  const res = await page.goto('no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});

test('the theme switches to dark and stays dark after a reload', async ({ page }, testInfo) => {
  await page.goto('pages/home/home');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAccessibleName('Switch to dark theme');
  await toggle.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(toggle).toHaveAccessibleName('Switch to light theme');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // For looking at, not compared: home in the dark theme once the prices are in.
  await expect(page.getByTestId('headline-price')).toHaveCount(3);
  await expect(page.getByTestId('movers')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-dark.png') });

  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the tab bar goes through all five tabs', async ({ page }) => {
  await loginWithToken(page); // Assets needs a logged-in user
  // The lever tab's risk notice was accepted before (lever.spec shows it).
  await page.evaluate(() => localStorage.setItem('leverRiskAccepted', '1'));
  await page.goto('pages/home/home');
  const tabs: Array<[string, RegExp, string]> = [
    ['tab-market', /\/h5\/pages\/market\/market$/, 'Markets'],
    ['tab-trade', /\/h5\/pages\/trade\/trade$/, 'Spot'],
    ['tab-lever', /\/h5\/pages\/lever\/lever$/, 'Margin'],
    ['tab-assets', /\/h5\/pages\/assets\/assets$/, 'Assets'],
    ['tab-home', /\/h5\/pages\/home\/home$/, 'Home'],
  ];
  for (const [testId, url, name] of tabs) {
    await page.getByTestId(testId).click();
    await expect(page).toHaveURL(url);
    await expect(title(page, name)).toBeVisible();
    await expect(page.getByTestId(testId)).toHaveAttribute('aria-current', 'page');
  }
});

test('choosing Deutsch translates the app and keeps the language across a reload', async ({ page }) => {
  await page.goto('pages/home/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-select').selectOption({ label: 'Deutsch' });
  await expect(page.getByTestId('language-select')).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('language-select')).toHaveValue('de');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de');
  await expect(title(page, 'Start')).toBeVisible();
  await expect(page.getByTestId('tab-market')).toHaveText('Märkte');
});

test('a visit in German downloads the German strings and no others', async ({ page }) => {
  await page.goto('pages/home/home');
  await setPreferences(page, 'de', 'light');
  const languages = new Set<string>();
  page.on('request', (r) => {
    const m = /\/strings-[\w-]+\/([a-z]{2})-/.exec(r.url());
    if (m) languages.add(m[1]);
  });
  await page.goto('pages/market/market');
  await expect(title(page, 'Märkte')).toBeVisible();
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  await page.getByTestId('tab-trade').click();
  await expect(title(page, 'Spot')).toBeVisible();
  expect([...languages]).toEqual(['de']);
});

test('each page has its own title in the saved language, which follows a navigation', async ({ page }) => {
  await page.goto('pages/home/home');
  await setPreferences(page, 'de', 'light');
  await page.goto('pages/market/market');
  await expect(page).toHaveTitle('Märkte · H5 Exchange');
  // Volumes in German short form, not "16.50B".
  await expect(page.getByTestId('ticker-row').first()).toContainText(/\d(,\d+)?\u00a0(Mio|Mrd)\./);
  await page.getByTestId('tab-trade').click();
  await expect(page).toHaveTitle('Spot · H5 Exchange');
  await page.goBack();
  await expect(page).toHaveTitle('Märkte · H5 Exchange');
});

test('Arabic turns the layout right-to-left with Latin digits; Brazilian Portuguese is its own language', async ({ page }) => {
  await page.goto('pages/market/market');
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(title(page, 'الأسواق')).toBeVisible();
  await expect(page.getByTestId('ticker-price').first()).toHaveText(/^[0-9.,]+$/);
  // Signed percentages are left-to-right isolates: the sign stays in front of the number.
  await expect(page.getByTestId('ticker-change').first()).toHaveText(/^\u2066[+-]?[0-9.,]+%\u2069$/);
  await page.evaluate(() => localStorage.setItem('lang', 'br'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(title(page, 'Mercados')).toBeVisible();
});

test('the reconnecting banner shows while the network is down and goes away after', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await page.goto('pages/market/market');
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  // Wait for the realtime link (a price update means it is up) before cutting it.
  const prices = await page.getByTestId('ticker-price').allTextContents();
  await expect.poll(() => page.getByTestId('ticker-price').allTextContents(), { timeout: 5_000, intervals: [250] }).not.toEqual(prices);
  await expect(page.getByTestId('reconnecting')).toHaveCount(0);

  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId('reconnecting')).toHaveText('Connection lost. Reconnecting…');

  await page.context().setOffline(false);
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 8_000 });
  // Back for real: live updates flow again.
  const after = await page.getByTestId('ticker-price').allTextContents();
  await expect.poll(() => page.getByTestId('ticker-price').allTextContents(), { timeout: 5_000, intervals: [250] }).not.toEqual(after);
  await expect(page.getByTestId('reconnecting')).toHaveCount(0);
});

test('pulling the markets list down refetches it; a short pull does not', async ({ page }) => {
  await page.goto('pages/market/market');
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  const calls = recordApiCalls(page);
  const pull = (distance: number) =>
    page.evaluate(async (d) => {
      const target = document.querySelector('main')!;
      const touch = (y: number) => [new Touch({ identifier: 1, target, clientX: 200, clientY: y })];
      const fire = (type: string, y: number) =>
        window.dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : touch(y), changedTouches: touch(y), bubbles: true }));
      fire('touchstart', 120);
      for (let y = 120; y <= 120 + d; y += 20) {
        fire('touchmove', y);
        await new Promise((r) => requestAnimationFrame(r));
      }
      fire('touchend', 120 + d);
    }, distance);
  await pull(60);
  await page.waitForTimeout(300);
  expect(calls.filter((c) => c.path === '/market/tickers')).toHaveLength(0);
  await pull(200);
  await expect.poll(() => calls.filter((c) => c.path === '/market/tickers').length).toBe(1);
});

test("before the app's code has run, the page shows its frame and outline in the saved language and theme; the app's page replaces it", async ({
  page,
}, testInfo) => {
  await page.goto('pages/home/home');
  await setPreferences(page, 'de', 'dark');
  // No script but theme.js: what a slow phone shows while the entry downloads (web/build/staticShell.ts).
  await page.route(/\/h5\/.*\.js$/, (route) => (route.request().url().endsWith('/theme.js') ? route.continue() : route.abort()));
  await page.goto('pages/market/market');
  const boot = page.locator('#boot');
  const label = (el: import('@playwright/test').Locator) => el.evaluate((e) => getComputedStyle(e, '::after').content.replace(/"/g, ''));
  const labels = async (el: import('@playwright/test').Locator) => Promise.all((await el.locator('[data-t]').filter({ visible: true }).all()).map(label));
  const visible = boot.locator('.boot-tabs [data-tab]');
  await expect(visible).toHaveCount(5);
  await expect(boot.locator('.boot-tabs')).toBeVisible();
  expect(await labels(boot.locator('.boot-tabs'))).toEqual(['Start', 'Märkte', 'Spot', 'Margin', 'Vermögen']);
  // The header's title is the current tab's, which is highlighted; a tab page has no back button.
  expect(await labels(boot.locator('.boot-title'))).toEqual(['Märkte']);
  const colour = (key: string) => boot.locator(`[data-tab=${key}]`).evaluate((e) => getComputedStyle(e).color);
  expect(await colour('market')).not.toBe(await colour('home'));
  await expect(boot.locator('.boot-back')).toBeHidden();
  // The markets page's outline: its tabs, search and column names, in German; no other page's.
  await expect(boot.locator('.boot-page').filter({ visible: true })).toHaveCount(1);
  expect(await labels(boot.locator('[data-page=market]'))).toEqual(['Favoriten', 'Coin suchen', 'Name / Vol.', 'Letzter Preis', '24h-Änderung']);
  // The theme's dark body and font, which Mantine declares only once it runs.
  expect(await boot.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(16, 32, 48)');
  expect(await boot.evaluate((e) => getComputedStyle(e).fontFamily)).toMatch(/^system-ui/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(await page.evaluate(() => window.innerWidth));
  await page.screenshot({ path: testInfo.outputPath('static-shell-de-dark.png') });
  // Nothing on it to press or to read out: it lasts until the page has drawn itself.
  await expect(boot).toHaveAttribute('aria-hidden', 'true');
  expect(await boot.locator('a, button, input, [tabindex]').count()).toBe(0);

  // Home: the tagline, the language field with the saved language, the shortcuts.
  await page.goto('pages/home/home');
  expect(await labels(boot.locator('[data-page=home]'))).toEqual([
    'Spot, Kontrakte und Fiat handeln – überall.',
    'Einzahlen',
    'Fiat',
    'Sekunden\u00adkontrakte',
    'IEO',
    'Lock-up-Mining',
    'Kredite',
    'Coin-Sparen',
    'Einladen',
  ]);
  expect(await boot.locator('.bk-lang').evaluate((e) => getComputedStyle(e, '::after').content)).toBe('"Deutsch"');

  // A page of its own: a back button, no tab bar, no outline.
  await page.goto('pages/login/login');
  await expect(boot.locator('.boot-back')).toBeVisible();
  await expect(boot.locator('.boot-tabs')).toBeHidden();
  await expect(boot.locator('.boot-page').filter({ visible: true })).toHaveCount(0);

  // With its code, the app draws the page and the static shell is gone.
  await page.unrouteAll();
  await page.goto('pages/market/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Märkte', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
  await expect(boot).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-boot-path');
  // The tabs are pressable at once: nothing lies over them.
  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/pages\/home\/home/);
});

test('the static shell stays over the app until the opened page has drawn itself, and no longer', async ({ page }) => {
  // A first visit (no service worker yet to serve the code): the markets page's code is slow to come: the app's frame is up, the page is not.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/MarketPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('pages/market/market', { waitUntil: 'commit' });
  await expect(page.getByTestId('tab-market')).toBeAttached();
  await expect(page.locator('#boot [data-page=market]')).toBeVisible();
  release();
  await expect(page.getByTestId('ticker-price').first()).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
});
