/**
 * Setup steps the cases of every area share: a case's shape, new accounts and ids of nothing,
 * codes got wrong on purpose and the attempt windows cleared afterwards, uploads, a verified
 * identity and a bank card in its name.
 */
import { randomUUID } from 'node:crypto';
import type { OperationId } from '../../../contracts/generated/operations.ts';
import { outcome } from '../checks.ts';
import type { Exchange } from '../http.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { PNG } from './account-images.ts';

export { PNG };

/** A case from its operation, the outcome it expects, its words and its request. */
export const c = (op: OperationId, expect: string, what: string, request: Case['request'], more: Partial<Case> = {}): Case => ({
  op,
  expect,
  what,
  request,
  ...more,
});

const MINUTE = 60_000;
/** Past the send cooldown of a verification code (60 s). */
export const PAST_COOLDOWN = 61_000;
/** Past a code's life (10 minutes). */
export const PAST_CODE_LIFE = 11 * MINUTE;
/** Past an identity review (60 s on the mock's clock). */
export const PAST_REVIEW = 61_000;
/** Past the widest attempt window (wrong codes: 60 minutes) and the life of a pending upload (60 minutes). */
export const PAST_WINDOWS = 61 * MINUTE;

/** The transaction password the cases set (six digits, no run or repeat). */
export const TX_PASSWORD = '482915';

export const newAccount = () => `conformance-${randomUUID().slice(0, 12)}@example.com`;
export const newPassword = () => `Nw${randomUUID().slice(0, 8)}!`;
/** An id nothing has, made up per call so that no earlier run made it: the server answers it as unknown. */
export const unknownId = (prefix = 'conformance') => `${prefix}_${randomUUID().replace(/-/g, '')}`;
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

/** A case's `cleanup`: the clock moved past the attempt windows, so that the next run starts under the limits. */
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
  return {
    level: 'primary',
    realName: REAL_NAME,
    idType: 'id_card',
    idNumber: `X${randomUUID().replace(/-/g, '').slice(0, 10)}7`,
    frontImage: await upload(s),
    backImage: await upload(s),
  };
}

/** Moves the clock a minute at a time until `done` (a review decided): the server says how long a review takes, not the kit. */
export async function until(s: Setup, what: string, done: () => Promise<boolean>): Promise<void> {
  for (let minutes = 0; minutes <= 10; minutes++) {
    if (await done()) return;
    await s.advance(MINUTE);
  }
  throw new SetupFailed(`${what} was still not decided after 10 minutes`);
}

/** The user's primary identity submitted and decided `verified` (control API). */
export async function verified(s: Setup): Promise<void> {
  await s.ok('submitIdentity', await primaryRequest(s));
  await until(s, 'the identity review', async () => (await s.ok('getCurrentUser')).verification === 'verified');
}

/** A bank card of the user's verified name. */
export const bank = (accountNumber = '0012 3456 78') => ({ type: 'bank', country: 'BR', realName: REAL_NAME, bankName: 'Banco do Brasil', accountNumber });
