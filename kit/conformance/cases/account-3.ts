/** Cases of the identity tag: uploads, identity verification, payment methods. */
import type { Case, Setup } from './case.ts';
import { declaredPng, PNG, TRAILING_PNG, TRUNCATED_PNG } from './account-images.ts';
import { bank, PAST_WINDOWS, primaryRequest, REAL_NAME, unknownId, upload, verified } from './steps.ts';

const control = ['control'] as Case['needs'];
/** U+0958 is two code points once NFC-normalised (a composition exclusion): `n` of them pass a maxLength of n yet normalise to 2n. */
const expanding = (n: number) => '\u0958'.repeat(n);
/** The pending uploads a user may have (the contract's upload_quota `params.max`). */
const PENDING_MAX = 10;

// ---- uploadImage -------------------------------------------------------------------------------

const image = (s: string) => async () => ({ body: { image: s } });

const uploadImage: Case[] = [
  { op: 'uploadImage', expect: 'ok', what: 'a small valid PNG', request: image(PNG) },
  { op: 'uploadImage', expect: 'upload_invalid', what: 'text that is not a data URL', request: image('just some text, no data URL') },
  { op: 'uploadImage', expect: 'upload_type', what: 'a data URL declaring image/gif', request: image('data:image/gif;base64,R0lGODlhAQABAAAAACw=') },
  // 7,000,000 base64 characters declare 5,250,000 bytes: over 5 MiB, within the schema's maxLength.
  { op: 'uploadImage', expect: 'upload_too_large', what: 'base64 declaring 5.25 MB', request: image(`data:image/png;base64,${'A'.repeat(7_000_000)}`) },
  { op: 'uploadImage', expect: 'upload_empty', what: 'a data URL with nothing after its header', request: image('data:image/png;base64,') },
  {
    op: 'uploadImage',
    expect: 'upload_quota',
    what: 'an 11th image while 10 uploads are pending',
    async request(s) {
      for (let i = 0; i < PENDING_MAX; i++) await upload(s);
      return { body: { image: PNG } };
    },
  },
  { op: 'uploadImage', expect: 'upload_corrupt', what: 'a PNG cut before its IEND chunk', request: image(TRUNCATED_PNG) },
  { op: 'uploadImage', expect: 'upload_dimensions', what: 'a PNG whose header declares 10,000 × 10,000 pixels', request: image(declaredPng(10_000, 10_000)) },
  { op: 'uploadImage', expect: 'upload_trailing_data', what: 'a PNG with bytes after IEND', request: image(TRAILING_PNG) },
];

const getUpload: Case[] = [
  { op: 'getUpload', expect: 'ok', what: 'the user’s own pending upload', request: async (s) => ({ query: { id: await upload(s) } }) },
  { op: 'getUpload', expect: 'not_found', what: 'another user’s upload', request: async (s) => ({ query: { id: await upload(await s.other()) } }) },
];

// ---- submitIdentity ----------------------------------------------------------------------------

/** A primary submission with a realName the text rules refuse. */
const primaryNamed = (realName: string) => async (s: Setup) => ({ body: { ...(await primaryRequest(s)), realName } });

const submitIdentity: Case[] = [
  {
    op: 'submitIdentity',
    expect: 'ok',
    what: 'a complete primary submission as an unverified user',
    request: async (s) => ({ body: await primaryRequest(s) }),
  },
  {
    op: 'submitIdentity',
    expect: 'field_required',
    what: 'a primary submission without the back image',
    async request(s) {
      const { backImage: _, ...rest } = await primaryRequest(s);
      return { body: rest };
    },
  },
  {
    op: 'submitIdentity',
    expect: 'primary_required',
    what: 'an advanced submission before primary is verified',
    request: async (s) => ({ body: { level: 'advanced', handImage: await upload(s) } }),
  },
  {
    op: 'submitIdentity',
    expect: 'review_pending',
    what: 'a primary submission while the first is under review',
    async request(s) {
      await s.ok('submitIdentity', await primaryRequest(s));
      return { body: await primaryRequest(s) };
    },
  },
  {
    op: 'submitIdentity',
    expect: 'already_verified',
    what: 'a primary submission once primary is verified',
    needs: control,
    async request(s) {
      await verified(s);
      return { body: await primaryRequest(s) };
    },
  },
  { op: 'submitIdentity', expect: 'text_invalid_characters', what: 'a real name with a control character', request: primaryNamed('Alex\u0007Morgan') },
  { op: 'submitIdentity', expect: 'text_empty', what: 'a real name of zero-width spaces only', request: primaryNamed('\u200b\u200b\u200b') },
  { op: 'submitIdentity', expect: 'text_too_long', what: 'a real name of 40 characters that NFC makes 80', request: primaryNamed(expanding(40)) },
  { op: 'submitIdentity', expect: 'text_too_short', what: 'a real name of one letter and a space', request: primaryNamed('a ') },
  {
    op: 'submitIdentity',
    expect: 'upload_expired',
    what: 'a front image uploaded 61 minutes before and never used',
    needs: control,
    async request(s) {
      const frontImage = await upload(s);
      await s.advance(PAST_WINDOWS);
      return { body: { ...(await primaryRequest(s)), frontImage } };
    },
  },
  {
    op: 'submitIdentity',
    expect: 'upload_missing',
    what: 'a front image id that is no upload',
    request: async (s) => ({ body: { ...(await primaryRequest(s)), frontImage: unknownId('up') } }),
  },
];

// ---- payment methods ---------------------------------------------------------------------------

/** A bank card request for a verified user, with `fields` changed. */
const verifiedBank = (fields: Record<string, string>) => async (s: Setup) => {
  await verified(s);
  return { body: { ...bank(), ...fields } };
};

const addPaymentMethod: Case[] = [
  { op: 'addPaymentMethod', expect: 'ok', what: 'a bank card of the verified name', needs: control, request: verifiedBank({}) },
  {
    op: 'addPaymentMethod',
    expect: 'field_required',
    what: 'a bank card without its account number',
    async request() {
      const { accountNumber: _, ...rest } = bank();
      return { body: rest };
    },
  },
  { op: 'addPaymentMethod', expect: 'real_name_required', what: 'a bank card as an unverified user', request: async () => ({ body: bank() }) },
  {
    op: 'addPaymentMethod',
    expect: 'field_required',
    what: 'an Alipay method whose QR image is empty',
    needs: control,
    async request(s) {
      await verified(s);
      return { body: { type: 'alipay', country: 'CN', realName: REAL_NAME, alipayAccount: 'alex@example.com', qrImage: '' } };
    },
  },
  {
    op: 'addPaymentMethod',
    expect: 'text_invalid_characters',
    what: 'a bank name with a bidi override',
    needs: control,
    request: verifiedBank({ bankName: 'Banco\u202e do Brasil' }),
  },
  {
    op: 'addPaymentMethod',
    expect: 'text_empty',
    what: 'a bank name of zero-width spaces only',
    needs: control,
    request: verifiedBank({ bankName: '\u200b\u200b\u200b' }),
  },
  {
    op: 'addPaymentMethod',
    expect: 'text_too_long',
    what: 'a bank name of 41 characters that NFC makes 82',
    needs: control,
    request: verifiedBank({ bankName: expanding(41) }),
  },
  {
    op: 'addPaymentMethod',
    expect: 'text_too_short',
    what: 'a bank name of one letter and a space',
    needs: control,
    request: verifiedBank({ bankName: 'B ' }),
  },
  {
    op: 'addPaymentMethod',
    expect: 'name_mismatch',
    what: 'a name other than the verified one',
    needs: control,
    request: verifiedBank({ realName: 'Someone Else' }),
  },
  {
    op: 'addPaymentMethod',
    expect: 'upload_expired',
    what: 'a QR image uploaded 61 minutes before and never used',
    needs: control,
    async request(s) {
      await verified(s);
      const qrImage = await upload(s);
      await s.advance(PAST_WINDOWS);
      return { body: { ...bank(), qrImage } };
    },
  },
  {
    op: 'addPaymentMethod',
    expect: 'upload_missing',
    what: 'a QR image id that is no upload',
    needs: control,
    request: async (s) => verifiedBank({ qrImage: unknownId('up') })(s),
  },
  {
    op: 'addPaymentMethod',
    expect: 'duplicate_method',
    what: 'the same card number again, spaced differently',
    needs: control,
    async request(s) {
      await verified(s);
      await s.ok('addPaymentMethod', bank('0012 3456 78'));
      return { body: bank('0012-345678') };
    },
  },
  {
    op: 'addPaymentMethod',
    expect: 'too_many_methods',
    what: 'an 11th method',
    needs: control,
    async request(s) {
      await verified(s);
      for (let i = 0; i < 10; i++) await s.ok('addPaymentMethod', bank(`1111 2222 ${30 + i}`));
      return { body: bank('1111 2222 99') };
    },
  },
];

const paymentMethods: Case[] = [
  {
    op: 'removePaymentMethod',
    expect: 'ok',
    what: 'the user’s own bank card',
    needs: control,
    async request(s) {
      await verified(s);
      return { body: { id: (await s.ok('addPaymentMethod', bank())).id } };
    },
  },
  {
    op: 'removePaymentMethod',
    expect: 'not_found',
    what: 'an id that is none of the user’s methods',
    request: async () => ({ body: { id: unknownId('pm') } }),
  },
  { op: 'listPaymentMethods', expect: 'ok', what: 'a user without methods', request: async () => ({}) },
];

export const identityCases: Case[] = [...uploadImage, ...getUpload, ...submitIdentity, ...addPaymentMethod, ...paymentMethods];
