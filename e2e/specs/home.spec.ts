/** The home page's entries that depend on who is looking: a merchant's way to their store. */
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken } from '../fixtures/helpers.ts';
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
