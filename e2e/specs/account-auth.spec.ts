/** Login, registration (with its client-side validation) and the redirect of protected routes. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { DEMO, MOCK_CODE, recordApiCalls, setPreferences, submitLogin, toast, wrappedOrCut } from '../fixtures/helpers.ts';

const HOME_URL = /\/h5\/pages\/home\/home$/;
const LOGIN_URL = /\/h5\/pages\/mine\/login/;

/** The agreement checkbox (Mantine puts the test id on the <input type=checkbox>). */
const agreement = (page: Page) => page.getByTestId('agree-checkbox');

interface RegisterForm {
  email: string;
  code: string;
  password: string;
  confirm: string;
  agree: boolean;
}

const VALID: RegisterForm = { email: 'newtrader@example.com', code: MOCK_CODE, password: 'Trade2026!', confirm: 'Trade2026!', agree: true };

async function fillRegister(page: Page, form: RegisterForm) {
  await page.getByTestId('account-input').fill(form.email);
  await page.getByTestId('code-input').fill(form.code);
  await page.getByTestId('password-input').fill(form.password);
  await page.getByTestId('confirm-input').fill(form.confirm);
  if (form.agree) await agreement(page).check();
}

test('a new email user registers and lands on home, greeted by name', async ({ page }) => {
  await page.goto('pages/mine/register');
  await page.getByTestId('account-input').fill(VALID.email);
  await page.getByTestId('send-code').click();
  await expect(toast(page, 'Verification code sent')).toBeVisible();
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('send-code')).toBeDisabled();

  await fillRegister(page, VALID);
  await expect(agreement(page)).toBeChecked();
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByText('Hello, newtrader')).toBeVisible();
  await expect(page.getByTestId('home-login')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('the demo account logs in and is sent home with a token stored', async ({ page }) => {
  await page.goto('pages/mine/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await submitLogin(page);
  await expect(page).toHaveURL(HOME_URL);
  await expect(toast(page, 'Logged in')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await expect(page.getByText(/^Hello, /)).toBeVisible();
});

test('a wrong password shows a toast and stays on the login page', async ({ page }) => {
  await page.goto('pages/mine/login');
  await submitLogin(page, DEMO.account, 'Wrong1234');
  await expect(toast(page, 'Incorrect account or password')).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("after 5 wrong passwords even the right one is refused, with the minutes to wait, in the user's language", async ({ page, server, api }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  // Four wrong logins through the API, the fifth and the right one through the form.
  for (let i = 0; i < 4; i++) {
    await api.call('login', { body: { account: DEMO.account, password: 'Wrong1234' } });
  }
  await page.addInitScript(() => localStorage.setItem('lang', 'de'));
  await page.goto('pages/mine/login');
  await submitLogin(page, DEMO.account, 'Wrong1234');
  await expect(toast(page, 'Konto oder Passwort falsch')).toBeVisible();
  await submitLogin(page);
  await expect(toast(page, /15 Min/)).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
  // Once the window has passed, the right password works again.
  await server.control.clock({ advanceMs: 15 * 60_000 });
  await submitLogin(page);
  await expect(page).toHaveURL(HOME_URL);
});

const INVALID_CASES: Array<{ name: string; form: Partial<RegisterForm>; message: string }> = [
  { name: 'an invalid email', form: { email: 'not-an-email' }, message: 'Enter a valid email address' },
  {
    name: 'a too simple password',
    form: { password: '123456', confirm: '123456' },
    message: 'Choose a stronger password: mix at least two of lower case, upper case, digits and symbols',
  },
  { name: 'a mismatched confirmation', form: { confirm: 'Trade2026?' }, message: "Passwords don't match" },
  { name: 'a missing agreement', form: { agree: false }, message: 'Accept the User Agreement and Privacy Policy to continue' },
];

for (const { name, form, message } of INVALID_CASES) {
  test(`registration refuses ${name} inline and sends nothing`, async ({ page }) => {
    await page.goto('pages/mine/register');
    const calls = recordApiCalls(page);
    await fillRegister(page, { ...VALID, ...form });
    await page.getByTestId('register-submit').click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    // Only this one field is in error.
    await expect(page.locator('.mantine-InputWrapper-error, .mantine-Checkbox-error')).toHaveCount(1);
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/register$/);
    expect(calls.filter((c) => c.path === '/users')).toEqual([]);
  });
}

test('the agreement box ticks at once, and unticked it is the one inline error at submit', async ({ page }) => {
  await page.goto('pages/mine/register');
  await agreement(page).check();
  await expect(agreement(page)).toBeChecked();
  await agreement(page).uncheck();
  await page.getByTestId('register-submit').click();
  const error = page.locator('.mantine-Checkbox-error');
  await expect(error).toHaveText('Accept the User Agreement and Privacy Policy to continue');
  // Inline on the box, not a toast; ticking it clears the error.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await agreement(page).check();
  await expect(error).toHaveCount(0);
});

test('the links in the agreement label open each text in a sheet, and closing it returns to the filled form', async ({ page }) => {
  await page.goto('pages/mine/register');
  await page.getByTestId('account-input').fill('reader@example.com');
  await page.getByTestId('password-input').fill('Trade2026!');
  await page.getByTestId('invite-input').fill('DEMO01');
  await agreement(page).check();

  await page.getByRole('link', { name: 'User Agreement' }).click();
  const sheet = page.getByRole('dialog', { name: 'User agreement' });
  await expect(sheet.getByTestId('legal-agreement')).toBeVisible();
  await expect(sheet.getByRole('heading', { name: '1. Your account' })).toBeVisible();
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/register$/);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);

  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy policy' }).getByTestId('legal-policy')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Nothing typed or ticked was lost, and opening the texts did not tick or untick the box.
  await expect(page.getByTestId('account-input')).toHaveValue('reader@example.com');
  await expect(page.getByTestId('password-input')).toHaveValue('Trade2026!');
  await expect(page.getByTestId('invite-input')).toHaveValue('DEMO01');
  await expect(agreement(page)).toBeChecked();
  // The texts keep their own pages (the links point there).
  await expect(page.getByRole('link', { name: 'User Agreement' })).toHaveAttribute('href', /\/h5\/pages\/home\/agreement$/);
});

test('phone registration refuses a number that is invalid for the chosen region', async ({ page }) => {
  await page.goto('pages/mine/register');
  const calls = recordApiCalls(page);
  // The segmented control's radio is not drawn: click its label.
  await page.getByText('Phone', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
  const country = page.getByTestId('country-select');
  await expect(country).toBeVisible();
  await country.selectOption('US');
  await expect(country).toHaveValue('US');
  await page.getByTestId('account-input').fill('12345');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Enter a valid phone number for this country/region')).toBeVisible();
  // Asking for a code with the invalid number shows the same error and sends nothing either.
  await page.getByTestId('send-code').click();
  await expect(page.getByText('Enter a valid phone number for this country/region')).toBeVisible();
  expect(calls.filter((c) => c.path === '/users' || c.path === '/verification-codes')).toEqual([]);
});

test('the phone tab shows the region as its calling code and short name, never cut; the list names each region in full', async ({ page }) => {
  await page.goto('theme.js');
  for (const [lang, path, phone] of [
    ['de', 'login', 'Telefon'],
    ['ar', 'register', 'الهاتف'],
  ] as const) {
    await setPreferences(page, lang, 'light');
    await page.goto(`pages/mine/${path}`);
    await page.locator('[data-segment-label]', { hasText: phone }).click();
    const country = page.getByTestId('country-select');
    for (const [region, shown] of [
      ['US', '+1 US'],
      ['AE', '+971 AE'],
    ]) {
      await country.selectOption(region);
      await expect(page.getByTestId('country-code')).toHaveText(shown);
      expect(await wrappedOrCut(page, '[data-testid=country-code]'), `${lang} ${region}`).toEqual([]);
      const [code, field] = [await page.getByTestId('country-code').boundingBox(), await country.boundingBox()];
      expect(code!.x >= field!.x && code!.x + code!.width <= field!.x + field!.width, `${shown} inside the field`).toBe(true);
    }
    await expect(country.locator('option[value=US]')).toHaveText(lang === 'de' ? 'Vereinigte Staaten +1' : /الولايات المتحدة \+1/);
  }
});

test('a guest opening a protected route logs in and comes back to it', async ({ page }) => {
  await page.goto('pages/assets/assets');
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/login\?redirect=%2Fpages%2Fassets%2Fassets$/);
  await submitLogin(page);
  await expect(page).toHaveURL(/\/h5\/pages\/assets\/assets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
});
