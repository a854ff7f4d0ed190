/** Cases of the account tag (2 of 2): codes checked, passwords reset and changed, the transaction password, the agent code. */
import { randomUUID } from 'node:crypto';
import type { Case, Setup } from './case.ts';
import { clearWindows, newPassword, PAST_CODE_LIFE, PAST_COOLDOWN, wrongCodes, wrongLogins, wrongOf } from './steps.ts';

const control = ['control'] as Case['needs'];

// ---- checkCode ---------------------------------------------------------------------------------

/** `n` wrong forget_password codes for the user's account. */
const wrongResetCodes = (s: Setup, n: number) =>
  wrongCodes(
    s,
    n,
    () => s.code('forget_password'),
    (code) => s.send('checkCode', { body: { account: s.user.account, scene: 'forget_password', code } }),
  );

const checkCode: Case[] = [
  {
    op: 'checkCode',
    expect: 'ok',
    what: 'the security code sent to the logged-in user',
    request: async (s) => ({ body: { scene: 'security', code: await s.code('security') } }),
  },
  {
    op: 'checkCode',
    expect: 'invalid_account',
    what: 'a forget_password code without an account',
    request: async () => ({ body: { scene: 'forget_password', code: '123456' } }),
  },
  {
    op: 'checkCode',
    expect: 'invalid_account',
    what: 'a forget_password code for an email without a dotted domain',
    request: async () => ({ body: { account: 'nobody@localhost', scene: 'forget_password', code: '123456' } }),
  },
  {
    op: 'checkCode',
    expect: 'not_logged_in',
    what: 'a security code without a session',
    request: async () => ({ body: { scene: 'security', code: '123456' }, token: undefined }),
  },
  {
    op: 'checkCode',
    expect: 'too_many_attempts',
    what: 'the right code after 10 wrong ones for the account within the hour',
    needs: control,
    async request(s) {
      await wrongResetCodes(s, 10);
      await s.advance(PAST_COOLDOWN);
      return { body: { account: s.user.account, scene: 'forget_password', code: await s.code('forget_password') } };
    },
    cleanup: clearWindows,
  },
  {
    op: 'checkCode',
    expect: 'code_not_sent',
    what: 'a security code when none was sent',
    request: async () => ({ body: { scene: 'security', code: '123456' } }),
  },
  {
    op: 'checkCode',
    expect: 'code_expired',
    what: 'the security code sent 11 minutes before',
    needs: control,
    async request(s) {
      const code = await s.code('security');
      await s.advance(PAST_CODE_LIFE);
      return { body: { scene: 'security', code } };
    },
  },
  {
    op: 'checkCode',
    expect: 'wrong_code',
    what: 'a security code other than the one sent',
    request: async (s) => ({ body: { scene: 'security', code: wrongOf(await s.code('security')) } }),
  },
  {
    op: 'checkCode',
    expect: 'code_attempts',
    what: 'the 5th wrong code for the same sent code',
    needs: control,
    async request(s) {
      await wrongResetCodes(s, 4);
      return { body: { account: s.user.account, scene: 'forget_password', code: '000000' } };
    },
    cleanup: clearWindows,
  },
];

// ---- resetPassword -----------------------------------------------------------------------------

/** A ticket of `scene` for the user's account. */
async function ticket(s: Setup, scene: 'forget_password' | 'security'): Promise<string> {
  const code = await s.code(scene);
  return (await s.ok('checkCode', { scene, code, ...(scene === 'forget_password' ? { account: s.user.account } : {}) })).ticket;
}

const reset = (t: string, password = newPassword(), confirmPassword = password) => ({ ticket: t, password, confirmPassword });

const resetPassword: Case[] = [
  {
    op: 'resetPassword',
    expect: 'ok',
    what: 'a fresh forget_password ticket and a new password',
    request: async (s) => ({ body: reset(await ticket(s, 'forget_password')) }),
  },
  { op: 'resetPassword', expect: 'ticket_invalid', what: 'a ticket never issued', request: async () => ({ body: reset(randomUUID().replace(/-/g, '')) }) },
  {
    op: 'resetPassword',
    expect: 'not_logged_in',
    what: 'a security ticket without a session',
    request: async (s) => ({ body: reset(await ticket(s, 'security')), token: undefined }),
  },
  {
    op: 'resetPassword',
    expect: 'password_too_simple',
    what: 'a new password of one repeated letter',
    request: async (s) => ({ body: reset(await ticket(s, 'forget_password'), 'aaaaaaaa') }),
  },
  {
    op: 'resetPassword',
    expect: 'password_mismatch',
    what: 'a confirmation that differs from the new password',
    request: async (s) => ({ body: reset(await ticket(s, 'forget_password'), 'Cf1234abcd!', 'Cf1234abcd?') }),
  },
];

// ---- changePassword ----------------------------------------------------------------------------

const change = (s: Setup, password = newPassword(), confirmPassword = password, oldPassword = s.user.password) => ({ oldPassword, password, confirmPassword });

const changePassword: Case[] = [
  { op: 'changePassword', expect: 'ok', what: 'the current password and a new one', request: async (s) => ({ body: change(s) }) },
  {
    op: 'changePassword',
    expect: 'too_many_attempts',
    what: 'the right current password after 5 wrong logins within 15 minutes',
    needs: control,
    async request(s) {
      await wrongLogins(s, 5);
      return { body: change(s) };
    },
    cleanup: clearWindows,
  },
  {
    op: 'changePassword',
    expect: 'wrong_old_password',
    what: 'a wrong current password',
    request: async (s) => ({ body: change(s, undefined, undefined, `${s.user.password}x`) }),
  },
  {
    op: 'changePassword',
    expect: 'password_too_simple',
    what: 'a new password of one repeated letter',
    request: async (s) => ({ body: change(s, 'aaaaaaaa') }),
  },
  {
    op: 'changePassword',
    expect: 'password_mismatch',
    what: 'a confirmation that differs from the new password',
    request: async (s) => ({ body: change(s, 'Cf1234abcd!', 'Cf1234abcd?') }),
  },
  {
    op: 'changePassword',
    expect: 'password_unchanged',
    what: 'the current password as the new one',
    request: async (s) => ({ body: change(s, s.user.password) }),
  },
];

// ---- setTransactionPassword --------------------------------------------------------------------

const FIRST = '482915';
const NEXT = '593726';
const txPassword = (code?: string, password = NEXT, confirmPassword = password) => ({ password, confirmPassword, ...(code ? { code } : {}) });
/** The user has a transaction password. */
const hasTx = (s: Setup) => s.ok('setTransactionPassword', txPassword(undefined, FIRST));
const wrongSecurityCodes = (s: Setup, n: number) =>
  wrongCodes(
    s,
    n,
    () => s.code('security'),
    (code) => s.send('setTransactionPassword', { body: txPassword(code) }),
  );

const setTransactionPassword: Case[] = [
  {
    op: 'setTransactionPassword',
    expect: 'ok',
    what: 'a first transaction password, without a code',
    request: async () => ({ body: txPassword(undefined, FIRST) }),
  },
  {
    op: 'setTransactionPassword',
    expect: 'transaction_password_too_simple',
    what: 'an ascending run of digits',
    request: async () => ({ body: txPassword(undefined, '123456') }),
  },
  {
    op: 'setTransactionPassword',
    expect: 'password_mismatch',
    what: 'a confirmation that differs',
    request: async () => ({ body: txPassword(undefined, FIRST, NEXT) }),
  },
  {
    op: 'setTransactionPassword',
    expect: 'code_required',
    what: 'a change of an existing transaction password without a code',
    async request(s) {
      await hasTx(s);
      return { body: txPassword() };
    },
  },
  {
    op: 'setTransactionPassword',
    expect: 'too_many_attempts',
    what: 'a change with the right code after 10 wrong ones within the hour',
    needs: control,
    async request(s) {
      await hasTx(s);
      await wrongSecurityCodes(s, 10);
      await s.advance(PAST_COOLDOWN);
      return { body: txPassword(await s.code('security')) };
    },
    cleanup: clearWindows,
  },
  {
    op: 'setTransactionPassword',
    expect: 'code_not_sent',
    what: 'a change with a code when none was sent',
    async request(s) {
      await hasTx(s);
      return { body: txPassword('123456') };
    },
  },
  {
    op: 'setTransactionPassword',
    expect: 'code_expired',
    what: 'a change with the security code sent 11 minutes before',
    needs: control,
    async request(s) {
      await hasTx(s);
      const code = await s.code('security');
      await s.advance(PAST_CODE_LIFE);
      return { body: txPassword(code) };
    },
  },
  {
    op: 'setTransactionPassword',
    expect: 'wrong_code',
    what: 'a change with a code other than the one sent',
    async request(s) {
      await hasTx(s);
      return { body: txPassword(wrongOf(await s.code('security'))) };
    },
  },
  {
    op: 'setTransactionPassword',
    expect: 'code_attempts',
    what: 'a change with the 5th wrong code for the same sent code',
    needs: control,
    async request(s) {
      await hasTx(s);
      await wrongSecurityCodes(s, 4);
      return { body: txPassword('000000') };
    },
    cleanup: clearWindows,
  },
];

// ---- redeemAuthorizationCode -------------------------------------------------------------------

/** The mock's documented agent code (the contract's `when` of authorization_code_invalid). */
const AGENT_CODE = 'AGENT2026';

const redeem: Case[] = [
  { op: 'redeemAuthorizationCode', expect: 'ok', what: 'the agent code as a plain user', request: async () => ({ body: { code: AGENT_CODE.toLowerCase() } }) },
  {
    op: 'redeemAuthorizationCode',
    expect: 'already_agent',
    what: 'the agent code as an agent',
    async request(s) {
      await s.ok('redeemAuthorizationCode', { code: AGENT_CODE });
      return { body: { code: AGENT_CODE } };
    },
  },
  {
    op: 'redeemAuthorizationCode',
    expect: 'authorization_code_invalid',
    what: 'a code that is not the agent code',
    request: async () => ({ body: { code: 'NOTAGENT99' } }),
  },
];

export const passwordCases: Case[] = [...checkCode, ...resetPassword, ...changePassword, ...setTransactionPassword, ...redeem];
