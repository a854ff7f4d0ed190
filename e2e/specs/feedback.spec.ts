/**
 * Messages and dialogs (issue #18, items 5 and 6): a repeated error is one toast, in the error
 * colour, that covers neither the header nor the tab bar and goes when the user leaves the page; a
 * code field's error clears when the user asks for a new code or edits it; a confirm dialog's
 * buttons say what they do.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { appPath, DEMO, loginWithToken, MOCK_CODE, navigateInApp, QUIET_PAGE, submitLogin, toast } from '../fixtures/helpers.ts';
import { createApi } from '../fixtures/api.ts';

const WRONG = 'Incorrect account or password';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box meets neither the header nor (when the page has one) the tab bar. */
async function expectClearOfBars(page: Page, shown: Locator) {
  // Measured once the toast has slid into place: its entry transition starts above its place.
  await expect(async () => {
    const box = await shown.boundingBox();
    expect(box).not.toBeNull();
    const header = await page.locator('header').boundingBox();
    expect(header).not.toBeNull();
    expect(intersects(box!, header!), `toast ${JSON.stringify(box)} covers the header ${JSON.stringify(header)}`).toBe(false);
    const tabbar = page.getByRole('navigation', { name: 'Main sections' });
    if (await tabbar.count()) {
      const bar = await tabbar.boundingBox();
      expect(intersects(box!, bar!), `toast ${JSON.stringify(box)} covers the tab bar ${JSON.stringify(bar)}`).toBe(false);
    }
  }).toPass({ timeout: 5_000 });
}

/** The toast's colour (its icon's background) is the theme's error colour. */
async function expectErrorColour(shown: Locator) {
  const [colour, error] = await shown.evaluate((el) => {
    const icon = el.querySelector('.mantine-Notification-icon');
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--mantine-color-error)';
    document.body.append(probe);
    const expected = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return [icon ? getComputedStyle(icon).backgroundColor : 'no icon', expected];
  });
  expect(colour).toBe(error);
  await expect(shown).toHaveAttribute('data-kind', 'error');
}

async function wrongLogin(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/') && r.request().method() === 'POST');
  await submitLogin(page, DEMO.account, 'Wrong1234');
  await answered;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`three wrong logins give one error toast below the header (${scheme}), gone on the next page`, async ({ page }) => {
    test.slow(); // three password hashes on the server
    await page.goto(QUIET_PAGE);
    await page.evaluate((s) => localStorage.setItem('theme', s), scheme);
    await page.goto('pages/mine/login');
    for (let i = 0; i < 3; i++) await wrongLogin(page);
    const shown = toast(page, WRONG);
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('data-repeats', '3');
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expectErrorColour(shown);
    await expectClearOfBars(page, shown);
    // The header stays usable: its theme switch takes a click while the toast is up.
    await page.getByTestId('theme-toggle').click();
    await expect(shown).toBeVisible();
    // It can be closed by hand.
    await expect(shown.getByRole('button')).toHaveCount(1);

    await navigateInApp(page, '/pages/mine/register');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Register');
    await expect(shown).toHaveCount(0);
  });
}

test('an error toast on a tab page leaves the header and the tab bar clear', async ({ page, server }) => {
  await server.control.fault({ operationId: 'listTickers', kind: 'error', message: 'Custom failure' });
  await page.goto('pages/market/market');
  const shown = toast(page, 'Custom failure');
  await expect(shown).toBeVisible();
  await expectErrorColour(shown);
  await expectClearOfBars(page, shown);
  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/pages\/home\/home$/);
  await expect(shown).toHaveCount(0);
});

test('a success toast is green and stays when the page changes after it', async ({ page }) => {
  await page.goto('pages/mine/login');
  await submitLogin(page);
  const shown = toast(page, 'Logged in');
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('data-kind', 'success');
  expect(appPath(page)).not.toBe('/pages/mine/login');
});

test('a code field error clears when the user asks for a new code, and when the code is edited', async ({ page }) => {
  await page.goto('pages/mine/forgetPwd');
  await page.getByTestId('account-input').fill(DEMO.account);
  const code = page.getByTestId('code-input');
  const codeError = page.getByText('Enter the 6-digit code', { exact: true });
  await code.fill('12');
  await page.getByTestId('forget-next').click();
  await expect(codeError).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('send-code').click();
  await expect(toast(page, 'Verification code sent')).toBeVisible();
  await expect(codeError).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('forget-next').click();
  await expect(codeError).toBeVisible();
  await code.fill(MOCK_CODE);
  await expect(codeError).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');
});

test('cancelling an order: the dialog offers "Keep order" and "Cancel order", and both do what they say', async ({ page }) => {
  const token = await loginWithToken(page);
  const api = createApi(page.request, '..');
  expect((await api.call('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '1000' } })).type).toBe('ok');
  await page.goto('pages/trade/trade?symbol=BTC/USDT');
  const bid = Number(await page.getByTestId('book-bid').first().getAttribute('data-price'));
  await page.getByTestId('price-input').fill(Math.floor(bid * 0.8).toFixed(2));
  await page.getByTestId('quantity-input').fill('0.01');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-submit').click();
  await expect(toast(page, 'Order placed')).toBeVisible();

  const row = page.getByTestId('open-orders').getByTestId('order-row');
  const dialog = page.getByRole('dialog');
  await row.getByTestId('order-cancel').click();
  await expect(dialog).toContainText('Cancel this BTC/USDT order?');
  await expect(dialog.getByRole('button')).toHaveText(['Keep order', 'Cancel order']);
  await expect(dialog.getByTestId('confirm-accept')).toHaveAttribute('data-destructive', 'true');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByTestId('order-cancel').click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(toast(page, 'Order cancelled')).toHaveAttribute('data-kind', 'success');
  await expect(row).toHaveCount(0);
});

test('logging out asks with "Log out" and "Stay logged in"', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.getByTestId('logout').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button')).toHaveText(['Stay logged in', 'Log out']);
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});
