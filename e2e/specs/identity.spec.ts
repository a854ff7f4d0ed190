/**
 * Identity verification (real-name and advanced), image uploads with their client-side checks,
 * bank card verification and payment methods (collect money), against the mock's reviews on the
 * virtual clock: identity after 60 s, payment methods after 120 s; an ID number or an account
 * ending in 000 is rejected.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from '../fixtures/server.ts';
import type { Api } from '../fixtures/api.ts';
import { appPath, loginWithToken, recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import { screenshot } from '../fixtures/shots.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PNG_DATA_URL = `data:image/png;base64,${PNG.toString('base64')}`;
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
/** Another picture, for the hand-held photo (the ID photo again is rejected). */
const HAND_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQiDoBAAH4AUspz9deAAAAAElFTkSuQmCC', 'base64');

const NAME = 'Alex Morgan';
const IDENTITY_REVIEW = { advanceMs: 61_000 };
const PAYMENT_REVIEW = { advanceMs: 121_000 };
/** Long enough for one 5 s poll after a review was decided. */
const POLL = { timeout: 12_000 };

const AUTH_URL = /\/h5\/pages\/mine\/authentication$/;
const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded';
const TOO_LARGE = 'This image is over 5 MB. Choose a smaller one';
const UNCLEAR = 'The ID photos are unclear, please upload them again';

async function uploadViaApi(api: Api, token: string): Promise<string> {
  return (await api.ok('uploadImage', { token, body: { image: PNG_DATA_URL } })).id;
}

/** Real-name verification done through the API and decided by the clock. */
async function verifyIdentityViaApi(api: Api, server: MockServer, token: string): Promise<void> {
  const frontImage = await uploadViaApi(api, token);
  const backImage = await uploadViaApi(api, token);
  await api.ok('submitIdentity', { token, body: { level: 'primary', realName: NAME, idType: 'id_card', idNumber: 'X1234567', frontImage, backImage } });
  await server.control.clock(IDENTITY_REVIEW);
}

/** Uploads a file into an ImageUpload field and waits until its preview and upload are done. */
async function upload(page: Page, testId: string, file = png(`${testId}.png`)) {
  await page.getByTestId(`${testId}-input`).setInputFiles(file);
  await expect(page.getByTestId(`${testId}-preview`)).toBeVisible();
  await expect(page.getByTestId(`${testId}-status`)).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId(`${testId}-status`)).toHaveText(/Uploaded/);
}

async function fillPrimaryForm(page: Page, idNumber: string) {
  await page.getByTestId('real-name-input').fill(NAME);
  await page.getByTestId('id-type-select').selectOption('passport');
  await page.getByTestId('id-number-input').fill(idNumber);
  await upload(page, 'front-image');
  await upload(page, 'back-image');
}

const primary = (page: Page) => page.getByTestId('level-primary-status');
const advanced = (page: Page) => page.getByTestId('level-advanced-status');

test('real-name verification end to end: form, review, verified and a higher withdrawal limit', async ({ page, server }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/authentication');
  await expect(primary(page)).toHaveText('Not verified');
  await expect(page.getByTestId('withdrawal-limit')).toHaveText(shown('2,000 USDT / 24 h'));
  await expect(page.getByTestId('merchant-level')).toHaveText('Verification level: Mobile');
  // Advanced verification waits for the real-name one.
  await expect(page.getByTestId('level-advanced-locked')).toBeVisible();
  await expect(page.getByTestId('level-advanced-action')).toHaveCount(0);

  await page.getByTestId('level-primary-action').click();
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/real_authentication$/);
  await fillPrimaryForm(page, 'X1234567');
  const calls = recordApiCalls(page);
  // A double tap submits once.
  await page.getByTestId('identity-submit').dblclick();

  await expect(page).toHaveURL(AUTH_URL);
  await expect(toast(page, 'Submitted. We will review your documents shortly.')).toBeVisible();
  await expect(primary(page)).toHaveText('Under review');
  await expect(page.getByTestId('level-primary-pending')).toBeVisible();
  expect(calls.filter((c) => c.path === '/me/identity')).toHaveLength(1);

  // The review is decided on the virtual clock; its system message is pushed and the page flips
  // without a reload (nothing polls: the default wait fails without the push).
  await server.control.clock(IDENTITY_REVIEW);
  await expect(primary(page)).toHaveText('Verified');
  await expect(page.getByTestId('withdrawal-limit')).toHaveText(shown('50,000 USDT / 24 h'));
  await expect(page.getByTestId('merchant-level')).toHaveText('Verification level: Basic');
  await expect(page.getByTestId('level-advanced-action')).toHaveText('Start verification');

  // The form is not offered again once verified.
  await page.goto('pages/mine/real_authentication');
  await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('identity-form')).toHaveCount(0);
});

test('a rejected submission shows the reason and can be sent again', async ({ page, server }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/real_authentication');
  await fillPrimaryForm(page, 'X1234000');
  await page.getByTestId('identity-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  await expect(primary(page)).toHaveText('Under review');

  await server.control.clock(IDENTITY_REVIEW);
  await expect(primary(page)).toHaveText('Rejected');
  await expect(page.getByTestId('level-primary-reason')).toContainText(UNCLEAR);
  await expect(page.getByTestId('withdrawal-limit')).toHaveText(shown('2,000 USDT / 24 h'));

  await page.getByTestId('level-primary-action').click();
  await expect(page.getByTestId('identity-rejected')).toContainText(UNCLEAR);
  // The name of the last submission is kept; new photos and number are needed.
  await expect(page.getByTestId('real-name-input')).toHaveValue(NAME);
  await page.getByTestId('id-number-input').fill('X7654321');
  await upload(page, 'front-image');
  await upload(page, 'back-image');
  await expect(page.getByTestId('identity-submit')).toHaveText('Submit again');
  await page.getByTestId('identity-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  await expect(primary(page)).toHaveText('Under review');
  await server.control.clock(IDENTITY_REVIEW);
  await expect(primary(page)).toHaveText('Verified');
});

test('a wrong file type or a too large image is refused before upload, and missing fields are flagged', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/real_authentication');
  const calls = recordApiCalls(page);
  const front = page.getByTestId('front-image-error');

  await page
    .getByTestId('front-image-input')
    .setInputFiles({ name: 'animation.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00', 'binary') });
  await expect(front).toHaveText(WRONG_TYPE);
  await expect(page.getByTestId('front-image-preview')).toHaveCount(0);

  await page.getByTestId('front-image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(front).toHaveText(WRONG_TYPE);

  // Named and typed like a PNG, but the content is not an image.
  await page.getByTestId('front-image-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a png') });
  await expect(front).toHaveText(WRONG_TYPE);
  await expect(page.getByTestId('front-image-preview')).toHaveCount(0);

  await page
    .getByTestId('front-image-input')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) });
  await expect(front).toHaveText(TOO_LARGE);
  await expect(page.getByTestId('front-image-preview')).toHaveCount(0);

  // Submitting the empty form flags every field inline.
  await page.getByTestId('identity-submit').click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await expect(page.getByTestId('back-image-error')).toHaveText('Please upload the back of your document');
  // The file problem stays shown for the front until a good image is chosen.
  await expect(front).toHaveText(TOO_LARGE);

  // A good image then clears the error and uploads.
  await upload(page, 'front-image');
  await expect(front).toHaveCount(0);
  expect(calls.filter((c) => c.path === '/uploads')).toHaveLength(1);
  expect(calls.filter((c) => c.path === '/me/identity')).toEqual([]);
  // Values typed so far stay; the replace action picks another image.
  await page.getByTestId('front-image-replace').click();
  await page.getByTestId('front-image-input').setInputFiles(png('other.png'));
  await expect(page.getByTestId('front-image-status')).toHaveAttribute('data-phase', 'done');
  expect(calls.filter((c) => c.path === '/uploads')).toHaveLength(2);
});

test('a real name of only invisible characters or with a direction override is refused inline', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/real_authentication');
  const calls = recordApiCalls(page);
  const form = page.getByTestId('identity-form');
  await page.getByTestId('id-number-input').fill('X1234567');
  await upload(page, 'front-image');
  await upload(page, 'back-image');

  await page.getByTestId('real-name-input').fill('\u200B\u200B\u200B');
  await page.getByTestId('identity-submit').click();
  await expect(form.getByText('Enter visible text, not only spaces or invisible characters')).toBeVisible();
  await page.getByTestId('real-name-input').fill('Alex \u202EnagroM');
  await page.getByTestId('identity-submit').click();
  await expect(form.getByText('This text contains invisible control or text-direction characters: please type it again')).toBeVisible();
  await page.getByTestId('real-name-input').fill('  A ');
  await page.getByTestId('identity-submit').click();
  await expect(form.getByText('Enter 2 to 64 characters')).toBeVisible();
  expect(calls.filter((c) => c.path === '/me/identity')).toEqual([]);

  // Accents typed as combining marks, and runs of spaces: sent (and shown) normalised.
  await page.getByTestId('real-name-input').fill('  Jose\u0301   Pe\u0301rez ');
  await page.getByTestId('identity-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  expect(calls.filter((c) => c.path === '/me/identity')).toHaveLength(1);
  await page.goto('pages/mine/real_authentication');
  await expect(page.getByTestId('identity-status')).toContainText('José Pérez');
});

test('advanced verification with the hand-held photo after the real-name one', async ({ page, server, api }) => {
  const token = await loginWithToken(page);
  // Before real-name verification the advanced form is not offered.
  await page.goto('pages/mine/real_authentication?level=advanced');
  await expect(page.getByTestId('advanced-needs-primary')).toBeVisible();

  await verifyIdentityViaApi(api, server, token);
  await page.goto('pages/mine/authentication');
  await expect(primary(page)).toHaveText('Verified');
  await expect(advanced(page)).toHaveText('Not verified');
  await page.getByTestId('level-advanced-action').click();
  await expect(page).toHaveURL(/\/h5\/pages\/mine\/real_authentication\?level=advanced$/);
  await expect(page.getByTestId('real-name-input')).toHaveCount(0);
  await expect(page.getByTestId('front-image-input')).toHaveCount(0);
  await page.getByTestId('identity-submit').click();
  await expect(page.getByTestId('hand-image-error')).toHaveText('Please upload the photo of you holding your document');
  // First the ID photo again: the review rejects it, with the reason.
  await upload(page, 'hand-image');
  await page.getByTestId('identity-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  await expect(advanced(page)).toHaveText('Under review');
  await server.control.clock(IDENTITY_REVIEW);
  await expect(advanced(page)).toHaveText('Rejected');
  await page.getByTestId('level-advanced-action').click();
  await expect(page.getByText('The photo must show you holding your ID, not the ID alone')).toBeVisible();

  await upload(page, 'hand-image', { name: 'hand.png', mimeType: 'image/png', buffer: HAND_PNG });
  await page.getByTestId('identity-submit').click();
  await expect(page).toHaveURL(AUTH_URL);
  await expect(advanced(page)).toHaveText('Under review');
  await server.control.clock(IDENTITY_REVIEW);
  await expect(advanced(page)).toHaveText('Verified');
  await expect(page.getByTestId('withdrawal-limit')).toHaveText(shown('500,000 USDT / 24 h'));
  await expect(page.getByTestId('merchant-level')).toHaveText('Verification level: Advanced');
});

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
  await expect(bank.getByTestId('pm-reason')).toContainText('The account could not be verified, please check the number');
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
