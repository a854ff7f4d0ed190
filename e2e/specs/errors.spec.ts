/**
 * The error catalogue (docs/contracts.md, "Envelope and error catalogue"), each row triggered with an injected
 * fault and its visible effect checked, plus the loading indicator of token-style calls.
 * listTickers is called by home and markets; a fault answers only the next matching call.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { appPath, loginWithToken, navigateInApp, QUIET_PAGE, submitLogin, toast } from '../fixtures/helpers.ts';

const SERVER_ERROR = "Something went wrong on our side. We're fixing it: please try again later";
const NO_TRANSACTION_PASSWORD = "You haven't set a transaction password yet. Set it up now?";

test('type 999 logs the user out and goes to login, coming back afterwards', async ({ page, server }) => {
  await loginWithToken(page);
  await server.control.fault({ operationId: 'listTickers', kind: '999' });
  await page.goto('pages/market/market');
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/login\?redirect=%2Fpages%2Fmarket%2Fmarket$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Logging in again returns to the page that failed.
  await submitLogin(page);
  await expect(page).toHaveURL(/\/h5\/pages\/market\/market$/);
});

test('type 999 for a guest also goes to login with a redirect', async ({ page, server }) => {
  await server.control.fault({ operationId: 'listTickers', kind: '999' });
  await page.goto('pages/market/market');
  await expect(page).toHaveURL(/pages\/mine\/login\?redirect=/);
  expect(page.url()).toContain('pages/mine/login');
  expect(page.url()).toContain('redirect');
});

test('type 998 goes to real-name authentication', async ({ page, server }) => {
  await loginWithToken(page);
  await server.control.fault({ operationId: 'listTickers', kind: '998', message: 'Please verify your identity' });
  await page.goto('pages/market/market');
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/authentication$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await expect(toast(page, 'Please verify your identity')).toBeVisible();
});

test('type 997 goes to the payment methods (collect money)', async ({ page, server }) => {
  await loginWithToken(page);
  await server.control.fault({ operationId: 'listTickers', kind: '997', message: 'Please add a payment method' });
  await page.goto('pages/market/market');
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/collect_money$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(toast(page, 'Please add a payment method')).toBeVisible();
});

test('any other type shows its message in a toast', async ({ page, server }) => {
  await server.control.fault({ operationId: 'listTickers', kind: 'error', message: 'Custom failure' });
  await page.goto('pages/market/market');
  await expect(toast(page, 'Custom failure')).toBeVisible();
  expect(appPath(page)).toBe('/pages/market/market');
});

test('an error on login shows its message and stays on the login page', async ({ page, server }) => {
  await page.goto('pages/mine/login');
  await server.control.fault({ operationId: 'login', kind: 'error', message: 'Login is closed for maintenance' });
  await submitLogin(page);
  await expect(toast(page, 'Login is closed for maintenance')).toBeVisible();
  expect(appPath(page)).toBe('/pages/mine/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

/**
 * Opens the markets page by a client-side navigation from another page (one that makes no API
 * call), so that the markets' listTickers call is not the first API call of the page load (the
 * deep-link case has its own tests below).
 */
async function openMarketsFromAnotherTab(page: Page) {
  await page.goto(QUIET_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await navigateInApp(page, '/pages/market/market');
  await expect(page).toHaveURL(/\/h5\/pages\/market\/market$/);
}

test('HTTP 500 shows the server toast', async ({ page, server }) => {
  await server.control.fault({ operationId: 'listTickers', kind: 'http500' });
  await openMarketsFromAnotherTab(page);
  await expect(toast(page, SERVER_ERROR)).toBeVisible();
  expect(appPath(page)).toBe('/pages/market/market');
  // The query retries once, and the retry gets the real answer.
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();
});

test('HTTP 401 asks for the transaction password: "Not now" stays, "Set up now" goes to set it', async ({ page, server }) => {
  // Live: the clock follows real time, so prices move and trades stream.
  await server.control.clock({ freeze: false });
  await loginWithToken(page);
  const dialog = page.getByRole('dialog');

  await server.control.fault({ operationId: 'listTickers', kind: 'http401' });
  await openMarketsFromAnotherTab(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(NO_TRANSACTION_PASSWORD);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  expect(appPath(page)).toBe('/pages/market/market');
  // The query's one retry gets the real answer (and no longer races the next fault).
  await expect(page.getByTestId('ticker-row').first()).toBeVisible();

  await server.control.fault({ operationId: 'listTickers', kind: 'http401' });
  await openMarketsFromAnotherTab(page); // a fresh page load: the tickers are fetched again
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(NO_TRANSACTION_PASSWORD);
  await dialog.getByRole('button', { name: 'Set up now' }).click();
  await expect(dialog).toBeHidden();
  // It remembers where the user was, to come back once the password is set.
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/resetLegalPwd\?redirect=%2Fpages%2Fmarket%2Fmarket$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction password' })).toBeVisible();
});

// The first API call of a page load (deep link) runs before the shell has mounted: its HTTP errors
// must still show their toast or prompt.
test('HTTP 500 on the first call of a page load (deep link) shows the server toast', async ({ page, server }) => {
  await server.control.fault({ operationId: 'listTickers', kind: 'http500' });
  await page.goto('pages/market/market');
  await expect(toast(page, SERVER_ERROR)).toBeVisible();
});

// APP BUG: same cause as above; the 401 prompt never opens after a deep link to the markets page.
test('HTTP 401 on the first call of a page load (deep link) asks for the transaction password', async ({ page, server }) => {
  await loginWithToken(page);
  await server.control.fault({ operationId: 'listTickers', kind: 'http401' });
  await page.goto('pages/market/market');
  await expect(page.getByRole('dialog')).toContainText(NO_TRANSACTION_PASSWORD);
});

test('the loading indicator shows while a token-style call runs, and goes away after', async ({ page, server }) => {
  await page.goto('pages/mine/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('loading')).toHaveCount(0);
  await server.control.fault({ operationId: 'login', kind: 'error', message: 'Slow failure', delayMs: 1500 });
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/sessions'));
  await submitLogin(page);
  await expect(page.getByTestId('loading')).toBeVisible();
  await answered;
  await expect(toast(page, 'Slow failure')).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden({ timeout: 3_000 });
});
