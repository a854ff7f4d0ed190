/** The home page's entries that depend on who is looking (a merchant's way to their store), and the gainers/losers switch fitting its words. */
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken, setPreferences, wrappedOrCut } from '../fixtures/helpers.ts';
import { merchantWithAd } from '../fixtures/fiat.ts';

test('a merchant finds their store from home; a user without one sees no such entry', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await loginWithToken(page);
  await page.goto('pages/home/home');
  await expect(page.getByTestId('movers')).toBeVisible();
  await expect(page.getByTestId('home-my-store')).toHaveCount(0);

  await merchantWithAd(page, server);
  await page.goto('pages/home/home');
  const entry = page.getByTestId('home-my-store');
  await expect(entry).toContainText('My store');
  await entry.click();
  await expect(page).toHaveURL(/pages\/legal\/store$/);
  await expect(page.getByTestId('p2p-my-store')).toBeVisible();
});

test('the gainers/losers switch keeps each word on one line: Arabic at 390 px, Russian and Vietnamese on a 320 px phone', async ({ page }) => {
  await page.goto('theme.js');
  for (const [lang, width] of [
    ['ar', 390],
    ['ru', 320],
    ['vi', 320],
  ] as const) {
    await page.setViewportSize({ width, height: 700 });
    await setPreferences(page, lang, 'light');
    await page.goto('pages/home/home');
    await expect(page.getByTestId('movers')).toBeVisible();
    expect(await wrappedOrCut(page, '[data-segment-label]'), `${lang} at ${width} px`).toEqual([]);
  }
});
