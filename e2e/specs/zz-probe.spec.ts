import { test, expect } from '../fixtures/server.ts';
test('probe offline', async ({ page }) => {
  page.on('websocket', (ws) => { console.log('ws', ws.url()); ws.on('close', () => console.log('ws closed', Date.now() - t0)); });
  const t0 = Date.now();
  await page.goto('pages/market/market');
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
  await page.waitForTimeout(1500);
  await page.context().setOffline(true);
  const s = Date.now();
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 25_000 });
  console.log('banner after', Date.now() - s);
  await page.context().setOffline(false);
  const s2 = Date.now();
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 25_000 });
  console.log('hidden after', Date.now() - s2);
});
