/** Inviting friends: my code and link, copied, as a QR code, and the link opening registration with the code. */
import { test, expect } from '../fixtures/server.ts';
import { layoutProblems, loginWithToken } from '../fixtures/helpers.ts';

test('invite: my code and link with copy, a QR code of the link, and the link opens registration with the code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithToken(page);
  await page.goto('pages/mine/invite');
  await expect(page.getByTestId('invite-code')).toHaveText('DEMO01');
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveText(/\/h5\/pages\/mine\/register\?invite=DEMO01$/);
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-value', (await link.textContent()) ?? '');
  await page.getByTestId('invite-copy-link').click();
  await expect(page.getByTestId('invite-copy-link')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.textContent());
  expect(await layoutProblems(page)).toEqual([]);
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto((await link.textContent()) ?? '');
  await expect(page.getByTestId('invite-input')).toHaveValue('DEMO01');
});
