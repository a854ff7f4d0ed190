/**
 * Identity verification (real-name and advanced) and its image uploads with their client-side
 * checks, against the mock's review on the virtual clock (after 60 s; an ID number ending in 000 is
 * rejected, and so is the ID photo sent again as the hand-held one).
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken, recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import { PNG } from '../fixtures/funds.ts';
import { AUTH_URL, IDENTITY_REVIEW, NAME, png, primary, upload, verifyIdentityViaApi } from '../fixtures/identity.ts';

/** Another picture, for the hand-held photo (the ID photo again is rejected). */
const HAND_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQiDoBAAH4AUspz9deAAAAAElFTkSuQmCC', 'base64');

const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded';
const TOO_LARGE = 'This image is over 5 MB. Choose a smaller one';
const UNCLEAR = 'The ID photos are unclear. Please upload them again.';

async function fillPrimaryForm(page: Page, idNumber: string) {
  await page.getByTestId('real-name-input').fill(NAME);
  await page.getByTestId('id-type-select').selectOption('passport');
  await page.getByTestId('id-number-input').fill(idNumber);
  await upload(page, 'front-image');
  await upload(page, 'back-image');
}

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
