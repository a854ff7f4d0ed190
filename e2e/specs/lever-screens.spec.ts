/**
 * The lever pages (the order form, positions, delegations, history, the risk notice) come whole from
 * the dictionaries, and screenshots of them in light and dark, English, German and Arabic
 * (LEVER_LANGS) show nothing scrolling sideways or cut off.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from '../fixtures/server.ts';
import { apiOf, layoutProblems, untranslated, openPage } from '../fixtures/helpers.ts';
import { fillForm, LEVER, ORDERS, POSITIONS, price, setup } from '../fixtures/lever.ts';
import { screenshot } from '../fixtures/shots.ts';

test('the lever pages come whole from the dictionaries (pseudo locale)', async ({ page, server }) => {
  const token = await setup(page, server);
  await populate(page, server, token);
  await page.goto(`${LEVER}&pseudo=1`);
  // The app remembers ?pseudo=1 for the tab once it has started: only then go on without it.
  await expect(page.locator('h1').first()).toContainText('⟦');
  for (const path of [LEVER, POSITIONS, ORDERS, `${ORDERS}?tab=history`]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toContainText('⟦');
    await page.waitForLoadState('networkidle');
    expect(await untranslated(page), path).toEqual([]);
  }
});

/** A world with something on every lever page: two positions, a delegation, a closed position. */
async function populate(page: Page, server: MockServer, token: string) {
  const api = apiOf(page);
  await price(server, 'ETH/USDT', '3000.00');
  await api.ok('openLever', {
    token,
    body: { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10, takeProfit: '66000', stopLoss: '62000' },
  });
  await api.ok('openLever', { token, body: { symbol: 'ETH/USDT', side: 'short', type: 'market', lots: '3', multiple: 20 } });
  await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side: 'long', type: 'limit', price: '60000', lots: '2', multiple: 5 } });
  const closed = await api.ok('openLever', { token, body: { symbol: 'BTC/USDT', side: 'short', type: 'market', lots: '1', multiple: 50 } });
  await api.ok('closeLever', { token, body: { id: closed.id } });
  await price(server, 'BTC/USDT', '64321.50');
}

for (const lang of (process.env.LEVER_LANGS ?? 'en,de,ar').split(',')) {
  test(`screenshots in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page, server }) => {
    test.setTimeout(120_000);
    const token = await setup(page, server);
    await populate(page, server, token);
    const shoot = async (name: string) => {
      expect(await layoutProblems(page), `${name} in ${lang}`).toEqual([]);
      await screenshot(page, 'lever', `${name}`);
    };
    for (const theme of ['light', 'dark']) {
      await page.evaluate(
        ([l, th]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('theme', th);
          localStorage.removeItem('leverRiskAccepted');
        },
        [lang, theme],
      );
      const at = (name: string) => `${name}-${lang}-${theme}`;
      await openPage(page, LEVER);
      await expect(page.getByTestId('lever-risk-accept')).toBeVisible();
      await shoot(at('risk-notice'));
      await page.getByTestId('lever-risk-accept').click();
      await expect(page.getByTestId('lever-last')).toHaveAttribute('data-price', '64321.50');
      await fillForm(page, { lots: '2', multiple: 20, tp: '70000' });
      await shoot(at('lever'));
      await page.getByTestId('lever-submit').click();
      await expect(page.getByTestId('lever-confirm-submit')).toBeVisible();
      await shoot(at('lever-confirm'));
      await openPage(page, POSITIONS);
      await expect(page.getByTestId('position-row')).toHaveCount(2);
      await shoot(at('positions'));
      await page.getByTestId('position-row').filter({ hasText: 'BTC/USDT' }).getByTestId('position-tpsl').click();
      await expect(page.getByTestId('tpsl-save')).toBeVisible();
      await shoot(at('positions-tpsl'));
      await openPage(page, ORDERS);
      await expect(page.getByTestId('lever-order-row')).toHaveCount(1);
      await shoot(at('delegations'));
      await openPage(page, `${ORDERS}?tab=history`);
      await expect(page.getByTestId('lever-order-row')).toHaveCount(1);
      await shoot(at('history'));
    }
  });
}
