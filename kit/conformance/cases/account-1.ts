/** Cases of the account tag (1 of 2): sending codes, registration, sessions. */
import type { Case, Setup } from './case.ts';
import { clearWindows, newAccount, PAST_CODE_LIFE, PAST_COOLDOWN, wrongCodes, wrongLogins, wrongOf } from './steps.ts';

const control = ['control'] as Case['needs'];

// ---- sendCode ----------------------------------------------------------------------------------

const sendCode: Case[] = [
  {
    op: 'sendCode',
    expect: 'ok',
    what: 'a security code to the logged-in user’s own account',
    request: async (s) => ({ body: { account: s.user.account, scene: 'security' } }),
  },
  {
    op: 'sendCode',
    expect: 'invalid_account',
    what: 'an email without a dotted domain',
    request: async () => ({ body: { account: 'nobody@localhost', scene: 'register' } }),
  },
  {
    op: 'sendCode',
    expect: 'not_logged_in',
    what: 'a security code without a session',
    request: async (s) => ({ body: { account: s.user.account, scene: 'security' }, token: undefined }),
  },
  {
    op: 'sendCode',
    expect: 'not_your_account',
    what: 'a security code to another account',
    request: async () => ({ body: { account: newAccount(), scene: 'security' } }),
  },
  {
    op: 'sendCode',
    expect: 'account_taken',
    what: 'a register code to an account already registered',
    request: async (s) => ({ body: { account: s.user.account, scene: 'register' } }),
  },
  {
    op: 'sendCode',
    expect: 'code_cooldown',
    what: 'a second security code right after the first',
    async request(s) {
      await s.ok('sendCode', { account: s.user.account, scene: 'security' });
      return { body: { account: s.user.account, scene: 'security' } };
    },
  },
];

// ---- register ----------------------------------------------------------------------------------

const registration = (account: string, code = '123456', password = 'Cf1234abcd!') => ({
  accountType: 'email',
  account,
  password,
  confirmPassword: password,
  code,
  agree: true,
});

/** A new account with `n` wrong register codes tried: the account. */
async function wrongRegisterCodes(s: Setup, n: number): Promise<string> {
  const account = newAccount();
  await wrongCodes(
    s,
    n,
    () => s.code('register', account),
    (code) => s.send('register', { body: registration(account, code) }),
  );
  return account;
}

const register: Case[] = [
  {
    op: 'register',
    expect: 'ok',
    what: 'a new email account with the code sent to it',
    async request(s) {
      const account = newAccount();
      return { body: registration(account, await s.code('register', account)) };
    },
  },
  { op: 'register', expect: 'field_required', what: 'an email account of three spaces', request: async () => ({ body: registration('   ') }) },
  { op: 'register', expect: 'invalid_account', what: 'an email with two @', request: async () => ({ body: registration('a@@example.com') }) },
  {
    op: 'register',
    expect: 'password_too_simple',
    what: 'a well-known password',
    request: async () => ({ body: registration(newAccount(), '123456', 'qwerty123') }),
  },
  {
    op: 'register',
    expect: 'password_mismatch',
    what: 'a confirmation that differs from the password',
    request: async () => ({ body: { ...registration(newAccount()), confirmPassword: 'Cf1234abcd?' } }),
  },
  { op: 'register', expect: 'account_taken', what: 'the account of a registered user', request: async (s) => ({ body: registration(s.user.account) }) },
  {
    op: 'register',
    expect: 'invite_invalid',
    what: 'an invitation code no user has',
    request: async () => ({ body: { ...registration(newAccount()), inviteCode: 'NOSUCHCODE0000' } }),
  },
  {
    op: 'register',
    expect: 'too_many_attempts',
    what: 'the right code after 10 wrong ones for the account within the hour',
    needs: control,
    async request(s) {
      const account = await wrongRegisterCodes(s, 10);
      await s.advance(PAST_COOLDOWN);
      return { body: registration(account, await s.code('register', account)) };
    },
    cleanup: clearWindows,
  },
  { op: 'register', expect: 'code_not_sent', what: 'a new account no code was sent to', request: async () => ({ body: registration(newAccount()) }) },
  {
    op: 'register',
    expect: 'code_expired',
    what: 'the code sent 11 minutes before',
    needs: control,
    async request(s) {
      const account = newAccount();
      const code = await s.code('register', account);
      await s.advance(PAST_CODE_LIFE);
      return { body: registration(account, code) };
    },
  },
  {
    op: 'register',
    expect: 'wrong_code',
    what: 'a code other than the one sent',
    async request(s) {
      const account = newAccount();
      return { body: registration(account, wrongOf(await s.code('register', account))) };
    },
  },
  {
    op: 'register',
    expect: 'code_attempts',
    what: 'the 5th wrong code for the same sent code',
    needs: control,
    async request(s) {
      const account = await wrongRegisterCodes(s, 4);
      return { body: registration(account, '000000') };
    },
    cleanup: clearWindows,
  },
];

// ---- sessions ----------------------------------------------------------------------------------

const sessions: Case[] = [
  {
    op: 'login',
    expect: 'ok',
    what: 'a registered account and its password',
    request: async (s) => ({ body: { account: s.user.account, password: s.user.password }, token: undefined }),
  },
  {
    op: 'login',
    expect: 'too_many_attempts',
    what: 'the right password after 5 wrong ones within 15 minutes',
    needs: control,
    async request(s) {
      await wrongLogins(s, 5);
      return { body: { account: s.user.account, password: s.user.password }, token: undefined };
    },
    cleanup: clearWindows,
  },
  {
    op: 'login',
    expect: 'wrong_credentials',
    what: 'a registered account with a wrong password',
    request: async (s) => ({ body: { account: s.user.account, password: `${s.user.password}x` }, token: undefined }),
  },
  {
    op: 'logout',
    expect: 'ok',
    what: 'a live session',
    request: async () => ({}),
    async then(s) {
      const after = await s.send('getCurrentUser');
      return after.status === 200 && (after.body as { type?: string }).type === 'ok' ? 'the session still answers getCurrentUser after logout' : undefined;
    },
  },
  { op: 'getCurrentUser', expect: 'ok', what: 'a live session', request: async () => ({}) },
];

export const accountTagCases: Case[] = [...sendCode, ...register, ...sessions];
