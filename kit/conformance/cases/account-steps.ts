/**
 * Setup steps the account cases share: new accounts, codes got wrong on purpose, the attempt
 * windows cleared afterwards, uploads and a verified identity.
 */
import { randomUUID } from 'node:crypto';
import { outcome } from '../checks.ts';
import type { Exchange } from '../http.ts';
import { SetupFailed, type Setup } from './case.ts';
import { PNG } from './account-images.ts';

const MINUTE = 60_000;
/** Past the send cooldown of a verification code (60 s). */
export const PAST_COOLDOWN = 61_000;
/** Past a code's life (10 minutes). */
export const PAST_CODE_LIFE = 11 * MINUTE;
/** Past an identity review (60 s on the mock's clock). */
export const PAST_REVIEW = 61_000;
/** Past the widest attempt window (wrong codes: 60 minutes) and the life of a pending upload (60 minutes). */
export const PAST_WINDOWS = 61 * MINUTE;

export const newAccount = () => `conformance-${randomUUID().slice(0, 12)}@example.com`;
export const newPassword = () => `Nw${randomUUID().slice(0, 8)}!`;
/** An id nothing has: the server answers it as unknown. */
export const unknownId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;
/** A code other than the right one. */
export const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** The setup step answered `code` (not ok): a step meant to fail that failed otherwise stops the case. */
export function expectCode(ex: Exchange, code: string, step: string): void {
  const got = outcome(ex);
  if (got !== code) throw new SetupFailed(`setup step ${step} should answer ${code}, answered HTTP ${ex.status} ${got}`);
}

/**
 * `n` wrong codes, each tried by `attempt`: every fifth one discards the code (`code_attempts`), so
 * a new one is sent by `send` after the cooldown. Needs the control API when n > 5.
 */
export async function wrongCodes(s: Setup, n: number, send: () => Promise<string>, attempt: (code: string) => Promise<Exchange>): Promise<void> {
  let right = '';
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) {
      if (i) await s.advance(PAST_COOLDOWN);
      right = await send();
    }
    expectCode(await attempt(wrongOf(right)), i % 5 === 4 ? 'code_attempts' : 'wrong_code', `wrong code ${i + 1}`);
  }
}

/** `n` wrong passwords for the user's account at login. */
export async function wrongLogins(s: Setup, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    expectCode(await s.send('login', { body: { account: s.user.account, password: `${s.user.password}x` } }), 'wrong_credentials', 'wrong login');
}

/** A case's `then` that moves the clock past the attempt windows, so that the next run starts under the limits. */
export async function clearWindows(s: Setup): Promise<undefined> {
  await s.advance(PAST_WINDOWS);
  return undefined;
}

/** Uploads an image as the user: its id. */
export async function upload(s: Setup, image = PNG): Promise<string> {
  return (await s.ok('uploadImage', { image })).id;
}

export const REAL_NAME = 'Alex Morgan';

/** A complete primary identity submission with two fresh uploads. */
export async function primaryRequest(s: Setup) {
  return { level: 'primary', realName: REAL_NAME, idType: 'id_card', idNumber: 'X1234567', frontImage: await upload(s), backImage: await upload(s) };
}

/** The user's primary identity verified: submitted, then the review's time passed (control API). */
export async function verified(s: Setup): Promise<void> {
  await s.ok('submitIdentity', await primaryRequest(s));
  await s.advance(PAST_REVIEW);
  const user = await s.ok('getCurrentUser');
  if (user.verification !== 'verified') throw new SetupFailed(`the identity review was not decided verified a minute after (${user.verification})`);
}

/** A bank card of the user's verified name. */
export const bank = (accountNumber = '0012 3456 78') => ({ type: 'bank', country: 'BR', realName: REAL_NAME, bankName: 'Banco do Brasil', accountNumber });
