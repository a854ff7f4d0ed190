/** User centre, security centre, about/app/legal pages, authorization code, remember account, logout. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { DEMO, loginWithToken, shown, submitLogin, toast, wrappedOrCut } from '../fixtures/helpers.ts';

const DARK_BAR = 'rgb(16, 32, 48)';
const LIGHT_BAR = 'rgb(255, 255, 255)';
const headerBackground = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('the user centre shows who the user is and copies the invitation code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await expect(page.getByTestId('user-account')).toHaveText(DEMO.account);
  await expect(page.getByText('Your registered account cannot be changed.')).toBeVisible();
  await expect(page.getByTestId('invite-code')).toHaveText('DEMO01');
  await expect(page.getByTestId('credit-score')).toHaveText('100');
  await expect(page.getByTestId('withdrawal-limit')).toHaveText(shown('2,000 USDT / 24 h'));
  await expect(page.getByTestId('level-mobile')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('level-realName')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('row-authentication').getByTestId('review-badge')).toHaveText('Not verified');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DEMO01');
  // The merchant level is a status that links to what each level needs, not a switch.
  await expect(page.getByRole('link', { name: /Verification level/ })).toBeVisible();
  await page.getByTestId('merchant-levels').click();
  await expect(page).toHaveURL(/pages\/mine\/authentication$/);
  await expect(page.getByTestId('merchant-level')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the user centre and the login page in the ${theme} theme`, async ({ page }, info) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('pages/mine/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await headerBackground(page)).toBe(theme === 'dark' ? DARK_BAR : LIGHT_BAR);
    await page.screenshot({ path: info.outputPath(`login-${theme}.png`) });
    await submitLogin(page);
    await expect(page).toHaveURL(/pages\/home\/home$/);
    await page.getByTestId('home-user-center').click();
    await expect(page.getByTestId('user-account')).toBeVisible();
    expect(await headerBackground(page)).toBe(theme === 'dark' ? DARK_BAR : LIGHT_BAR);
    await expect(page.getByTestId('theme-switch')).toBeChecked({ checked: theme === 'dark' });
    await page.screenshot({ path: info.outputPath(`user-centre-${theme}.png`), fullPage: true });
  });
}

test('the theme switch and the language of the user centre stick', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.getByTestId('theme-switch').click({ force: true });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('language-select').selectOption('fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('red up: the price-colour preference swaps up and down (and buy and sell) everywhere, and sticks', async ({ page }) => {
  // Light theme: buttons are filled with the -fill colours under white text, prices are written in the text colours (theme/theme.css).
  const [GREEN_FILL, RED_FILL] = ['rgb(8, 132, 90)', 'rgb(212, 42, 67)'];
  const [GREEN, RED] = ['rgb(4, 117, 72)', 'rgb(194, 31, 55)'];
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  expect(await wrappedOrCut(page, '[data-testid=price-colors] [data-segment-label]')).toEqual([]);
  await page.getByTestId('price-colors').getByText('Red up').click();
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'red-up');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'red-up');

  await page.goto('pages/trade/trade?symbol=BTC/USDT');
  await expect(page.getByTestId('side-buy')).toHaveCSS('background-color', RED_FILL);
  await expect(page.getByTestId('book-bid').first().locator('span').nth(1)).toHaveCSS('color', RED);
  await expect(page.getByTestId('book-ask').first().locator('span').nth(1)).toHaveCSS('color', GREEN);

  await page.goto('pages/mine/userCenter');
  await page.getByTestId('price-colors').getByText('Green up').click();
  await page.goto('pages/trade/trade?symbol=BTC/USDT');
  await expect(page.getByTestId('side-buy')).toHaveCSS('background-color', GREEN_FILL);
});

test('clearing the cache keeps the session and the preferences', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.evaluate(() => {
    localStorage.setItem('address_list', '[]');
    localStorage.setItem('theme', 'dark');
  });
  await page.getByTestId('row-clear-cache').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear cache' }).click();
  await expect(toast(page, 'Cache cleared')).toBeVisible();
  const kept = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('theme'), localStorage.getItem('address_list')]);
  expect(kept[0]).toBeTruthy();
  expect(kept.slice(1)).toEqual(['dark', null]);
  await expect(page.getByTestId('user-account')).toHaveText(DEMO.account);
});

test('logging out asks first, ends the session and protects the pages again', async ({ page, api }) => {
  const token = await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stay logged in' }).click();
  await expect(page.getByTestId('user-account')).toBeVisible();
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/pages\/mine\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const me = await api.call('getCurrentUser', { token });
  expect(me.type).toBe('999');
  await page.goto('pages/mine/userCenter');
  await expect(page).toHaveURL(/pages\/mine\/login\?redirect=%2Fpages%2Fmine%2FuserCenter/);
});

test('remember account prefills the account, never the password', async ({ page }) => {
  await page.goto('pages/mine/login');
  await page.getByTestId('remember-account').check();
  await submitLogin(page);
  await expect(page).toHaveURL(/pages\/home\/home$/);
  const stored = await page.evaluate(() => localStorage.getItem('remember_account'));
  expect(stored).toContain(DEMO.account);
  expect(stored).not.toContain(DEMO.password);
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('pages/mine/login');
  await expect(page.getByTestId('account-input')).toHaveValue(DEMO.account);
  await expect(page.getByTestId('password-input')).toHaveValue('');
  await page.getByTestId('remember-account').uncheck();
  await submitLogin(page);
  await expect(page).toHaveURL(/pages\/home\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('remember_account'))).toBeNull();
});

test('the security centre says what each protection guards and links to it', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/security');
  await expect(page.getByText('Protects withdrawals and fiat trades')).toBeVisible();
  await expect(page.getByTestId('row-transaction-pwd')).toContainText('Not set');
  await page.getByTestId('row-transaction-pwd').click();
  await expect(page).toHaveURL(/pages\/mine\/resetLegalPwd$/);
  await page.goBack();
  await page.getByTestId('row-set-pwd').click();
  await expect(page).toHaveURL(/pages\/mine\/setPwd$/);
});

test('an invalid authorization code is refused; a valid one makes the user an agent', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/authorization_code');
  await page.getByTestId('authorization-input').fill('NOPE');
  await page.getByTestId('authorization-submit').click();
  await expect(toast(page, 'This authorization code is not valid')).toBeVisible();
  await expect(page.getByTestId('authorization-input')).toHaveValue('NOPE');
  await page.getByTestId('authorization-input').fill('AGENT2026');
  await page.getByTestId('authorization-submit').click();
  await expect(page.getByTestId('agent-status')).toBeVisible();
  await page.goto('pages/mine/userCenter');
  await expect(page.getByTestId('agent-badge')).toBeVisible();
});

test('about shows the version, the app page a QR code of the app, the legal pages their text', async ({ page }) => {
  await page.goto('pages/mine/about');
  await expect(page.getByTestId('app-version')).toHaveText('Version 1.0.0');
  await page.getByRole('link', { name: 'Download the app' }).click();
  await expect(page.getByTestId('app-qr')).toBeVisible();
  await expect(page.getByTestId('app-url')).toHaveText(/\/h5\/$/);
  await page.goto('pages/home/agreement');
  await expect(page.getByRole('heading', { name: '3. Trading risks' })).toBeVisible();
  await page.goto('pages/mine/policy');
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
});
