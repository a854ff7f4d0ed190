/**
 * Bank card verification and payment methods (collect money), against the mock's reviews on the
 * virtual clock: identity after 60 s, payment methods after 120 s; an account ending in 000 is
 * rejected.
 */
import { test, expect } from '../fixtures/server.ts';
import { appPath, loginWithToken, recordApiCalls, toast, wrappedOrCut } from '../fixtures/helpers.ts';
import { AUTH_URL, NAME, primary, upload, uploadViaApi, verifyIdentityViaApi } from '../fixtures/identity.ts';
import { screenshot } from '../fixtures/shots.ts';

const PAYMENT_REVIEW = { advanceMs: 121_000 };
/** Long enough for one 5 s poll after a review was decided. */
const POLL = { timeout: 12_000 };

test('the bank card page asks an unverified user to verify first', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/authentication');
  await page.getByTestId('link-bank').click();
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/bank_authentication$/);
  await expect(page.getByTestId('verify-first')).toContainText('Verify your identity first');
  await expect(page.getByTestId('pm-form')).toHaveCount(0);
  await page.getByTestId('verify-first-link').click();
  await expect(page).toHaveURL(AUTH_URL);
});

test('a bank card is added with the 60-minute notice and verified after the review', async ({ page, server, api }) => {
  const token = await loginWithToken(page);
  await verifyIdentityViaApi(api, server, token);
  await page.goto('pages/mine/bank_authentication');
  await expect(page.getByTestId('review-notice')).toContainText('verification may take up to 60 minutes');
  await expect(page.getByTestId('bank-empty')).toBeVisible();
  await expect(page.getByTestId('pm-realName')).toHaveValue(NAME);
  await expect(page.getByTestId('pm-realName')).toHaveAttribute('readonly', '');
  await page.getByTestId('pm-country').selectOption('BR');
  await page.getByTestId('pm-bankName').fill('Banco do Brasil');
  // Only digits and spaces are kept.
  await page.getByTestId('pm-accountNumber').fill('0012-3456 78ab');
  await expect(page.getByTestId('pm-accountNumber')).toHaveValue('00123456 78');
  const calls = recordApiCalls(page);
  await page.getByTestId('pm-submit').dblclick();

  await expect(toast(page, 'Submitted for verification. This may take up to 60 minutes.')).toBeVisible();
  const card = page.getByTestId('payment-method');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('pm-detail-cardNumber')).toHaveText('******5678');
  await expect(card).toContainText('Brazil');
  await expect(card.getByTestId('pm-status')).toHaveText('Under review');
  // The form is ready for another card; the double tap sent one request.
  await expect(page.getByTestId('pm-bankName')).toHaveValue('');
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/payment-methods')).toHaveLength(1);

  await server.control.clock(PAYMENT_REVIEW);
  await expect(card.getByTestId('pm-status')).toHaveText('Verified', POLL);
});

test('Alipay with its QR code, next to a rejected bank card (several methods per user)', async ({ page, server, api }) => {
  const token = await loginWithToken(page);
  await verifyIdentityViaApi(api, server, token);
  await api.ok('addPaymentMethod', { token, body: { type: 'bank', country: 'BR', realName: NAME, bankName: 'Banco do Brasil', accountNumber: '12345000' } });
  await page.goto('pages/mine/collect_money');
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
  await page.getByTestId('add-method').click();
  // Each type's name on one line ("Bank card" beside "PIX", each choice as wide as its name needs).
  expect(await wrappedOrCut(page, '[data-testid=pm-type] [data-segment-label]')).toEqual([]);
  await page.getByTestId('pm-type').getByText('Alipay', { exact: true }).click();
  await expect(page.getByTestId('pm-bankName')).toHaveCount(0);
  await page.getByTestId('pm-country').selectOption('CN');
  await page.getByTestId('pm-alipayAccount').fill('alex@example.com');
  await upload(page, 'qr-image');
  await page.getByTestId('pm-submit').click();
  await expect(toast(page, 'Submitted for verification')).toBeVisible();

  const alipay = page.locator('[data-testid="payment-method"][data-type="alipay"]');
  const bank = page.locator('[data-testid="payment-method"][data-type="bank"]');
  await expect(page.getByTestId('payment-method')).toHaveCount(2);
  // Newest first.
  await expect(page.getByTestId('payment-method').first()).toHaveAttribute('data-type', 'alipay');
  await expect(alipay.getByTestId('pm-detail-alipayAccount')).toHaveText('alex@example.com');
  // The uploaded QR code is shown again, fetched back from the server.
  const qr = alipay.getByTestId('pm-detail-qr');
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(alipay.getByTestId('pm-status')).toHaveText('Under review');

  await server.control.clock(PAYMENT_REVIEW);
  await expect(alipay.getByTestId('pm-status')).toHaveText('Verified', POLL);
  await expect(bank.getByTestId('pm-status')).toHaveText('Rejected');
  await expect(bank.getByTestId('pm-reason')).toContainText('The account could not be verified. Please check the number.');
});

test('missing payment fields are flagged inline and nothing is sent', async ({ page, server, api }) => {
  const token = await loginWithToken(page);
  await verifyIdentityViaApi(api, server, token);
  await page.goto('pages/mine/collect_money');
  const calls = recordApiCalls(page);
  await expect(page.getByTestId('pm-add-card')).toBeVisible();
  await expect(page.getByTestId('review-notice')).toBeVisible();

  // Bank card: the real name is the verified one, so only the bank name and the card number are missing.
  await page.getByTestId('pm-submit').click();
  await expect(page.locator('.mantine-InputWrapper-error')).toHaveCount(2);
  await expect(page.getByText('This field is required')).toHaveCount(2);

  await page.getByTestId('pm-type').getByText('WeChat', { exact: true }).click();
  await page.getByTestId('pm-submit').click();
  await expect(page.locator('.mantine-InputWrapper-error')).toHaveCount(3);
  await expect(page.getByTestId('qr-image-error')).toHaveText('Please upload your payment QR code');

  await page.getByTestId('pm-type').getByText('PIX', { exact: true }).click();
  await page.getByTestId('pm-pixKey').fill('ab');
  await page.getByTestId('pm-submit').click();
  await expect(page.getByText('Enter 4 to 77 characters')).toBeVisible();

  await page.getByTestId('pm-type').getByText('Bank card', { exact: true }).click();
  // Free text: only invisible characters, or a direction override, is refused like the server does.
  await page.getByTestId('pm-bankName').fill('\u200B\u2060\u200B');
  await page.getByTestId('pm-submit').click();
  await expect(page.getByText('Enter visible text, not only spaces or invisible characters')).toBeVisible();
  await page.getByTestId('pm-bankName').fill('Banco \u202Elisarb');
  await page.getByTestId('pm-submit').click();
  await expect(page.getByText('This text contains invisible control or text-direction characters: please type it again')).toBeVisible();
  await page.getByTestId('pm-bankName').fill('Itaú');
  await page.getByTestId('pm-accountNumber').fill('123');
  await page.getByTestId('pm-submit').click();
  await expect(page.getByText('Enter the card number: at least 6 digits')).toBeVisible();
  expect(calls.filter((c) => c.path === '/me/payment-methods')).toEqual([]);
});

test('a payment method is removed after a confirmation', async ({ page, server, api }) => {
  const token = await loginWithToken(page);
  await verifyIdentityViaApi(api, server, token);
  await api.ok('addPaymentMethod', { token, body: { type: 'pix', country: 'BR', realName: NAME, pixKey: 'alex@example.com' } });
  await page.goto('pages/mine/collect_money');
  const card = page.getByTestId('payment-method');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('pm-detail-pixKey')).toHaveText('alex@example.com');

  // Cancelling keeps it.
  await card.getByTestId('pm-remove').click();
  await expect(page.getByRole('dialog')).toContainText('Remove PIX alex@example.com?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByTestId('pm-remove').click();
  await page.getByTestId('pm-remove-confirm').click();
  await expect(toast(page, 'Payment method removed')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('pm-empty')).toBeVisible();
  const list = await api.ok('listPaymentMethods', { token });
  expect(list).toEqual([]);
});

test('adding a payment method before identity verification leads to the authentication page', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/collect_money');
  await expect(page.getByTestId('collect-verify-notice')).toBeVisible();
  await page.getByTestId('pm-type').getByText('PIX', { exact: true }).click();
  await page.getByTestId('pm-realName').fill(NAME);
  await page.getByTestId('pm-pixKey').fill('alex@example.com');
  await page.getByTestId('pm-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  await expect(toast(page, 'Verify your identity first')).toBeVisible();
  await expect(primary(page)).toHaveText('Not verified');
});

test('the payment methods page in the dark theme', async ({ page, server, api }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const token = await loginWithToken(page);
  await verifyIdentityViaApi(api, server, token);
  await api.ok('addPaymentMethod', { token, body: { type: 'bank', country: 'BR', realName: NAME, bankName: 'Banco do Brasil', accountNumber: '0012345000' } });
  await server.control.clock(PAYMENT_REVIEW);
  await api.ok('addPaymentMethod', {
    token,
    body: { type: 'wechat', country: 'CN', realName: NAME, wechatNickname: 'alex', wechatAccount: 'alex_m', qrImage: await uploadViaApi(api, token) },
  });
  await page.goto('pages/mine/collect_money');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('payment-method')).toHaveCount(2);
  await expect(page.getByTestId('pm-reason')).toBeVisible();
  expect(appPath(page)).toBe('/pages/mine/collect_money');
  await screenshot(page, 'identity', 'collect-money-dark');
  await page.getByTestId('add-method').click();
  await page.getByTestId('pm-type').getByText('WeChat', { exact: true }).click();
  await screenshot(page, 'identity', 'collect-money-dark-form');
});
