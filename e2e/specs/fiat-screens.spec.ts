/**
 * Every fiat (P2P) page with data goes through the dictionaries, and screenshots of them in light
 * and dark, English, German and Arabic show nothing scrolling sideways or cut off.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken, setPreferences, untranslated, openPage, wrappedOrCut } from '../fixtures/helpers.ts';
import { buyFrom, freshMarket, merchantWithAd, type Server } from '../fixtures/fiat.ts';
import { screenshot } from '../fixtures/shots.ts';

test.beforeEach(freshMarket);

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of the market, the order form and an order in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page }) => {
    await loginWithToken(page);
    await buyFrom(page, 'Harbor OTC', '100');
    const orderUrl = page.url();
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      const shoot = async (name: string) => {
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'fiat', `${name}-${lang}-${theme}`);
      };
      await openPage(page, 'pages/legal/legal');
      await expect(page.getByTestId('p2p-ad')).toHaveCount(2);
      await shoot('market');
      await page.locator('[data-testid=p2p-ad][data-store="Harbor OTC"]').getByTestId('p2p-trade').click();
      await page.getByTestId('p2p-input').fill('100');
      await expect(page.getByTestId('p2p-summary')).toBeVisible();
      await shoot('order-form');
      await openPage(page, orderUrl);
      await expect(page.getByTestId('p2p-countdown')).toHaveText(/^1[45]:\d\d$/);
      await shoot('order');
    }
  });
}

test('the market header: buy/sell, my orders and my store each on one line, in German and Italian at 390 px', async ({ page }) => {
  await loginWithToken(page);
  for (const lang of ['de', 'it']) {
    await setPreferences(page, lang, 'dark');
    await openPage(page, 'pages/legal/legal');
    await expect(page.getByTestId('p2p-ad')).toHaveCount(2);
    expect(await wrappedOrCut(page, '[data-testid=p2p-side] [data-segment-label], [data-testid^=p2p-my-] .mantine-Button-label'), lang).toEqual([]);
  }
});

/** A merchant with a store, an ad taken and paid by a simulated buyer, and a completed purchase of its own; the URLs of every fiat page with data. */
async function fiatPages(page: Page, server: Server) {
  const { token, api } = await merchantWithAd(page, server);
  const harbor = (await api.ok('listP2pAds', { query: { side: 'buy', coin: 'USDT', fiat: 'USD' } })).items.find((a) => a.store.name === 'Harbor OTC')!;
  const bought = await api.ok('placeP2pOrder', { token, body: { adId: harbor.id, amount: '100.20', payment: 'bank' } });
  await api.ok('sendP2pMessage', { token, body: { id: bought.id, text: 'Paid from my account at First Bank, reference in the transfer note.' } });
  await api.ok('actOnP2pOrder', { token, body: { id: bought.id, action: 'pay' } });
  await server.control.clock({ advanceMs: 120_000 });
  return {
    recordlist: 'pages/legal/recordlist',
    finished: `pages/legal/finished?id=${bought.id}`,
    orderDetail: `pages/legal/orderDetail?id=${bought.id}`,
    storeDetail: `pages/legal/storeDetail?id=${harbor.store.id}`,
    storeUser: 'pages/legal/storeUser',
    store: 'pages/legal/store',
    storeOrder: 'pages/legal/storeOrder',
    transactionRecord: 'pages/legal/transactionRecord',
  };
}

test('every fiat page with data goes through the dictionaries (pseudo locale)', async ({ page, server }) => {
  const urls = await fiatPages(page, server);
  for (const [name, url] of Object.entries(urls)) {
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}pseudo=1`);
    await expect(page.locator('main [data-testid]').first()).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    expect(await untranslated(page), name).toEqual([]);
  }
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of my orders, the finished page, the chat, a store, the merchant pages and the balance log in ${lang}, light and dark`, async ({
    page,
    server,
  }) => {
    // Eight (seven) pages in two themes: more than the default 30 s budget on a busy machine.
    test.slow();
    const urls = await fiatPages(page, server);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      for (const [name, url] of Object.entries(urls)) {
        await openPage(page, url);
        await expect(page.locator('main [data-testid]').first()).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        expect(await layoutProblems(page), `${name} in ${lang} ${theme}`).toEqual([]);
        await screenshot(page, 'fiat', `${name}-${lang}-${theme}`);
      }
    }
  });
}
