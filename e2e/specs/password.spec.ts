/**
 * Passwords: forgot password (code → ticket → new password), changing the login password with the
 * current one or with a code, and the transaction password (first set, change with a code, and the
 * HTTP 401 prompt that leads to it).
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiLogin, appPath, DEMO, loginWithToken, MOCK_CODE, navigateInApp, QUIET_PAGE, recordApiCalls, submitLogin, toast } from '../fixtures/helpers.ts';

const NEW_PASSWORD = 'Fresh2026!';
const TOO_SIMPLE = 'Choose a stronger password: mix at least two of lower case, upper case, digits and symbols';
const MISMATCH = "Passwords don't match";
const CODE_SENT = 'Verification code sent';

async function sendCode(page: Page) {
  await page.getByTestId('send-code').click();
  await expect(toast(page, CODE_SENT)).toBeVisible();
  await expect(page.getByTestId('send-code')).toBeDisabled();
}

/** Forgot password, step 1 with the demo account and a requested code; ends on step 2. */
async function reachForgetStepTwo(page: Page) {
  await page.goto('pages/mine/forgetPwd');
  await page.getByTestId('account-input').fill(DEMO.account);
  await sendCode(page);
  await page.getByTestId('code-input').fill(MOCK_CODE);
  await page.getByTestId('forget-next').click();
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/forgetPwdNext$/);
}

async function fillNewPassword(page: Page, password: string, confirm = password) {
  await page.getByTestId('new-password-input').fill(password);
  await page.getByTestId('confirm-input').fill(confirm);
}

/** The first of the six boxes of a transaction password field (filling it fills all six). */
const digits = (page: Page, testId: string) => page.getByTestId(testId).locator('input[type=password]').first();

async function fillTransactionPassword(page: Page, password: string, confirm = password) {
  await digits(page, 'tx-password').fill(password);
  await digits(page, 'tx-confirm').fill(confirm);
}

test.describe('forgot password', () => {
  test('code, ticket and new password; then the new password logs in and the old one fails', async ({ page }) => {
    await reachForgetStepTwo(page);
    // The ticket is not in the URL.
    expect(page.url()).not.toContain('ticket');
    await expect(page.getByText(DEMO.account)).toBeVisible();
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(toast(page, 'Password reset. Please log in with your new password')).toBeVisible();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/login$/);

    await submitLogin(page, DEMO.account, DEMO.password);
    await expect(toast(page, 'Incorrect account or password')).toBeVisible();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/login$/);

    await submitLogin(page, DEMO.account, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/h5\/pages\/home\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('a wrong code shows the error, stays on step 1 and keeps the values', async ({ page }) => {
    await page.goto('pages/mine/forgetPwd');
    await page.getByTestId('account-input').fill(DEMO.account);
    await sendCode(page);
    await page.getByTestId('code-input').fill('111111');
    await page.getByTestId('forget-next').click();
    await expect(toast(page, 'Incorrect verification code')).toBeVisible();
    await expect(page.locator('.mantine-InputWrapper-error')).toHaveText('Incorrect verification code');
    expect(appPath(page)).toBe('/pages/mine/forgetPwd');
    await expect(page.getByTestId('account-input')).toHaveValue(DEMO.account);
    await expect(page.getByTestId('code-input')).toHaveValue('111111');

    // The right code still works afterwards.
    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('forget-next').click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/forgetPwdNext$/);
  });

  test('an expired code says so and stays on step 1', async ({ page, server }) => {
    await page.goto('pages/mine/forgetPwd');
    await page.getByTestId('account-input').fill(DEMO.account);
    await sendCode(page);
    await server.control.clock({ advanceMs: 601_000 });
    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('forget-next').click();
    await expect(toast(page, /expired/)).toBeVisible();
    expect(appPath(page)).toBe('/pages/mine/forgetPwd');
  });

  test('step 1 checks the account and the code inline and sends nothing', async ({ page }) => {
    await page.goto('pages/mine/forgetPwd');
    const calls = recordApiCalls(page);
    await page.getByTestId('account-input').fill('not-an-email');
    await page.getByTestId('send-code').click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByTestId('code-input').fill('12');
    await page.getByTestId('forget-next').click();
    await expect(page.getByText('Enter the 6-digit code')).toBeVisible();
    expect(calls.filter((c) => c.path.startsWith('/verification-codes'))).toEqual([]);
  });

  test('weak and mismatched new passwords are refused inline and nothing is sent', async ({ page }) => {
    await reachForgetStepTwo(page);
    const calls = recordApiCalls(page);
    await fillNewPassword(page, '123456');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(TOO_SIMPLE, { exact: true })).toBeVisible();
    await expect(page.locator('.mantine-InputWrapper-error')).toHaveCount(1);

    await fillNewPassword(page, NEW_PASSWORD, 'Fresh2026?');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(MISMATCH, { exact: true })).toBeVisible();
    await expect(page.locator('.mantine-InputWrapper-error')).toHaveCount(1);

    await fillNewPassword(page, 'Ab1');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('Use 6 to 16 characters', { exact: true })).toBeVisible();
    expect(calls.filter((c) => c.path === '/password/reset')).toEqual([]);
    expect(appPath(page)).toBe('/pages/mine/forgetPwdNext');
  });

  test('step 2 opened without a ticket explains and links back to step 1', async ({ page }) => {
    await page.goto('pages/mine/forgetPwdNext');
    await expect(page.getByTestId('missing-ticket')).toContainText('Verify your code first');
    await expect(page.getByTestId('new-password-input')).toHaveCount(0);
    await page.getByTestId('verify-again').click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/forgetPwd$/);
    await expect(page.getByTestId('account-input')).toBeVisible();
  });

  test('the form is sent once however often it is submitted', async ({ page }) => {
    await reachForgetStepTwo(page);
    const calls = recordApiCalls(page);
    await page.route('**/api/password/reset', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByTestId('confirm-input').press('Enter');
    await page.getByTestId('confirm-input').press('Enter');
    await page.getByTestId('reset-submit').click({ force: true });
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/login$/);
    expect(calls.filter((c) => c.path === '/password/reset')).toHaveLength(1);
  });
});

test.describe('login password, logged in', () => {
  test('setPwd: a wrong current password toasts and keeps the values; the right one changes it', async ({ page, api }) => {
    await loginWithToken(page);
    await page.goto('pages/mine/setPwd');
    await page.getByTestId('current-password-input').fill('Wrong1234');
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByTestId('set-pwd-submit').click();
    await expect(toast(page, 'The current password is incorrect')).toBeVisible();
    expect(appPath(page)).toBe('/pages/mine/setPwd');
    await expect(page.getByTestId('current-password-input')).toHaveValue('Wrong1234');
    await expect(page.getByTestId('new-password-input')).toHaveValue(NEW_PASSWORD);
    await expect(page.getByTestId('confirm-input')).toHaveValue(NEW_PASSWORD);

    await page.getByTestId('current-password-input').fill(DEMO.password);
    await page.getByTestId('set-pwd-submit').click();
    await expect(toast(page, 'Login password changed')).toBeVisible();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/security$/);
    await apiLogin(page, DEMO.account, NEW_PASSWORD);
    const old = await api.call('login', { body: { account: DEMO.account, password: DEMO.password } });
    expect(old).toMatchObject({ code: 'wrong_credentials' });
  });

  test('setPwd refuses a new password equal to the current one inline', async ({ page }) => {
    await loginWithToken(page);
    await page.goto('pages/mine/setPwd');
    const calls = recordApiCalls(page);
    await page.getByTestId('current-password-input').fill(DEMO.password);
    await fillNewPassword(page, DEMO.password);
    await page.getByTestId('set-pwd-submit').click();
    await expect(page.getByText('The new password must differ from the current one')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/password')).toEqual([]);
  });

  test('modifyPwd → modifyPwdNext: a code to the own (masked) account, then the new password', async ({ page, api }) => {
    const token = await loginWithToken(page);
    await page.goto('pages/mine/modifyPwd');
    await expect(page.getByTestId('masked-account')).toHaveText('de••@example.com');
    await sendCode(page);
    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('modify-next').click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/modifyPwdNext$/);

    await fillNewPassword(page, '123456');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(TOO_SIMPLE, { exact: true })).toBeVisible();

    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(toast(page, 'Login password changed')).toBeVisible();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/security$/);
    // This session stays; the new password logs in.
    expect((await api.ok('getCurrentUser', { token })).hasTransactionPassword).toBe(false);
    await apiLogin(page, DEMO.account, NEW_PASSWORD);
  });

  test('modifyPwd with a wrong code stays; modifyPwdNext without a ticket links back', async ({ page }) => {
    await loginWithToken(page);
    await page.goto('pages/mine/modifyPwd');
    await sendCode(page);
    await page.getByTestId('code-input').fill('654321');
    await page.getByTestId('modify-next').click();
    await expect(toast(page, 'Incorrect verification code')).toBeVisible();
    expect(appPath(page)).toBe('/pages/mine/modifyPwd');
    await expect(page.getByTestId('code-input')).toHaveValue('654321');

    await page.goto('pages/mine/modifyPwdNext');
    await expect(page.getByTestId('missing-ticket')).toBeVisible();
    await page.getByTestId('verify-again').click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/modifyPwd$/);
  });
});

test.describe('transaction password', () => {
  test('set the first time: too simple refused inline, then set; the page then offers the change form', async ({ page, api }) => {
    const token = await loginWithToken(page);
    await page.goto('pages/mine/resetLegalPwd');
    await expect(page.getByTestId('tx-set-form')).toBeVisible();
    await expect(page.getByTestId('tx-about')).toContainText('withdrawals and fiat (P2P) trades');
    const calls = recordApiCalls(page);

    await fillTransactionPassword(page, '123456');
    await page.getByTestId('tx-submit').click();
    await expect(page.getByText(/Too simple: avoid repeated or consecutive digits/)).toBeVisible();
    await fillTransactionPassword(page, '482915', '482916');
    await page.getByTestId('tx-submit').click();
    await expect(page.getByText(MISMATCH, { exact: true })).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/transaction-password')).toEqual([]);

    await fillTransactionPassword(page, '482915');
    await page.getByTestId('tx-submit').click();
    await expect(toast(page, 'Transaction password set')).toBeVisible();
    await expect(page.getByTestId('tx-change-form')).toBeVisible();
    await expect(page.getByTestId('tx-status')).toHaveText('Transaction password set');
    expect((await api.ok('getCurrentUser', { token })).hasTransactionPassword).toBe(true);
  });

  test('changing it needs a security code', async ({ page, api }) => {
    const token = await loginWithToken(page);
    expect((await api.call('setTransactionPassword', { token, body: { password: '482915', confirmPassword: '482915' } })).type).toBe('ok');
    await page.goto('pages/mine/resetLegalPwd');
    await expect(page.getByTestId('tx-change-form')).toBeVisible();
    const calls = recordApiCalls(page);

    await fillTransactionPassword(page, '739146');
    await page.getByTestId('tx-submit').click();
    await expect(page.getByTestId('code-input')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/transaction-password')).toEqual([]);

    await sendCode(page);
    await page.getByTestId('code-input').fill('000000');
    await page.getByTestId('tx-submit').click();
    await expect(toast(page, 'Incorrect verification code')).toBeVisible();
    await expect(page.getByTestId('code-input')).toHaveValue('000000');

    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('tx-submit').click();
    await expect(toast(page, 'Transaction password changed')).toBeVisible();
    await expect(page.getByTestId('code-input')).toHaveValue('');
    expect(calls.filter((c) => c.path === '/me/transaction-password')).toHaveLength(2);
  });

  test('the HTTP 401 prompt leads here, and setting the password there works', async ({ page, server, api }) => {
    const token = await loginWithToken(page);
    await server.control.fault({ operationId: 'listTickers', kind: 'http401' });
    // To the markets in the app from a page that calls no API, so the prompt comes from the markets' call.
    await page.goto(QUIET_PAGE);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await navigateInApp(page, 'pages/market/market');
    await expect(page).toHaveURL(/\/h5\/pages\/market\/market$/);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText("You haven't set a transaction password yet");
    await dialog.getByRole('button', { name: 'Set up now' }).click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/resetLegalPwd\?redirect=%2Fpages%2Fmarket%2Fmarket$/);

    await expect(page.getByTestId('tx-set-form')).toBeVisible();
    await fillTransactionPassword(page, '570392');
    await page.getByTestId('tx-submit').click();
    await expect(toast(page, 'Transaction password set')).toBeVisible();
    // Back to where the prompt interrupted the user.
    await expect(page).toHaveURL(/\/h5\/pages\/market\/market$/);
    expect((await api.ok('getCurrentUser', { token })).hasTransactionPassword).toBe(true);
  });
});

// Screenshots of every page at 390x844 in both themes, for looking at them: PASSWORD_SHOTS=1.
test('screenshots of the password pages', async ({ page, server, api }) => {
  test.skip(!process.env.PASSWORD_SHOTS, 'set PASSWORD_SHOTS=1 to take them');
  test.setTimeout(120_000);
  for (const scheme of ['light', 'dark'] as const) {
    await server.control.reset({ seed: 42 });
    const shot = async (name: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/passwords-${name}-${scheme}.png`, fullPage: true });
    };
    await page.goto(QUIET_PAGE);
    await page.evaluate((s) => localStorage.setItem('theme', s), scheme);

    await page.goto('pages/mine/forgetPwd');
    await page.getByText('Phone', { exact: true }).click();
    await page.getByTestId('account-input').fill('12');
    await page.getByTestId('forget-next').click();
    await shot('forgetPwd-phone-errors');
    await page.goto('pages/mine/forgetPwdNext');
    await expect(page.getByTestId('missing-ticket')).toBeVisible();
    await shot('forgetPwdNext-missing');
    await reachForgetStepTwo(page);
    await fillNewPassword(page, '123456', '1234567');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(TOO_SIMPLE)).toBeVisible();
    await page.evaluate(() => document.querySelectorAll('.mantine-Notification-root').forEach((n) => n.remove()));
    await shot('forgetPwdNext');

    const token = await loginWithToken(page);
    await page.goto('pages/mine/setPwd');
    await expect(page.getByTestId('set-pwd-submit')).toBeVisible();
    await shot('setPwd');
    await page.goto('pages/mine/modifyPwd');
    await expect(page.getByTestId('masked-account')).toBeVisible();
    await shot('modifyPwd');
    await page.goto('pages/mine/modifyPwdNext');
    await expect(page.getByTestId('missing-ticket')).toBeVisible();
    await shot('modifyPwdNext-missing');
    await page.goto('pages/mine/resetLegalPwd');
    await expect(page.getByTestId('tx-set-form')).toBeVisible();
    await digits(page, 'tx-password').fill('4829');
    await page.getByTestId('tx-submit').click();
    await shot('resetLegalPwd-set');
    await api.call('setTransactionPassword', { token, body: { password: '482915', confirmPassword: '482915' } });
    await page.goto('pages/mine/resetLegalPwd');
    await expect(page.getByTestId('tx-change-form')).toBeVisible();
    await shot('resetLegalPwd-change');
  }
});
