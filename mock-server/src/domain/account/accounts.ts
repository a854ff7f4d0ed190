/**
 * Users, credentials (salted PBKDF2 hashes), verification codes with their cooldown and expiry,
 * one-time tickets, login and transaction passwords, roles; logins open sessions (sessions.ts).
 */
import Big from 'big.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { checkConfirmation, checkEmail, checkPassword, checkTransactionPassword, normalizePhone } from '../../../../common/validation.ts';
import { DomainError, notLoggedIn } from '../kernel/errors.ts';
import { fail, VALIDATION_MESSAGES } from './validation.ts';
import { VerificationCodes } from './codes.ts';
import { usdt } from '../kernel/decimals.ts';
import { AttemptLimiter } from '../kernel/limits.ts';
import { Memo } from '../kernel/memo.ts';
import { ID_HEX, keyedHex, Rng } from '../kernel/random.ts';
import { Sessions } from './sessions.ts';

type Schemas = components['schemas'];
export type User = Schemas['User'];
type ReviewStatus = Schemas['ReviewStatus'];
type ReasonCode = Schemas['ReasonCode'];

/** The authorization code that makes a user an agent (documented in docs/mock/README.md). */
const AGENT_CODE = 'AGENT2026';
const PBKDF2_ITERATIONS = 2_000;
/** Invitation codes: 6 of 32 letters and digits (about a billion), checked unique on create. */
const INVITE_CODE_LENGTH = 6;
const MINUTE = 60_000;
/**
 * Attempt limits on the guessable secrets, on the virtual clock (documented in docs/mock/README.md): wrong
 * login or current passwords per account and per client, wrong verification codes per account (in
 * every scene, however often codes are re-sent) and per client, wrong transaction passwords per user.
 */
export const ATTEMPT_LIMITS = {
  password: { max: 5, windowMs: 15 * MINUTE },
  passwordPerClient: { max: 20, windowMs: 15 * MINUTE },
  code: { max: 10, windowMs: 60 * MINUTE },
  codePerClient: { max: 30, windowMs: 60 * MINUTE },
  transactionPassword: { max: 5, windowMs: 15 * MINUTE },
} as const;
/** Hashed against when an account does not exist, so that a login costs the same either way. */
const UNKNOWN_SALT = 'no-such-account';
/**
 * Password hashes of the accounts `create` makes (seeds, scenarios), by salt and password: the same
 * for every world of a seed, and a reset would otherwise pay PBKDF2 again for each. Registrations and
 * password checks never use it, so no answer's timing can tell whether some password was hashed before.
 */
const CREATED_HASHES = new Memo<string>(64);

/** USDT per 24 h by verification level. */
/** USDT per 24 hours at each certification level (USDT values: two decimals, decimals.ts). */
export const WITHDRAWAL_LIMITS = { mobile: usdt('2000'), realName: usdt('50000'), advanced: usdt('500000') } as const;

export interface UserRecord {
  id: string;
  account: string;
  accountType: User['accountType'];
  nickname: string;
  inviteCode: string;
  creditScore: number;
  createdAt: number;
  role: User['role'];
  salt: string;
  passwordHash: string;
  transactionHash: string | null;
  realName?: string;
  idNumber?: string;
  /** Upload ids of the front and back ID photos of the primary verification. */
  idPhotos?: string[];
  verification: ReviewStatus;
  verificationReason?: string;
  verificationReasonCode?: ReasonCode;
  advancedVerification: ReviewStatus;
  advancedVerificationReason?: string;
  advancedVerificationReasonCode?: ReasonCode;
  /** The user whose invitation code was given at registration (the referral team). */
  invitedBy?: string;
}

export class Accounts {
  private readonly users = new Map<string, UserRecord>();
  private readonly byAccount = new Map<string, UserRecord>();
  private readonly sessions: Sessions;
  private readonly codes: VerificationCodes;
  private readonly byInviteCode = new Map<string, UserRecord>();
  private counter = 0;
  private readonly passwordLimit: AttemptLimiter;
  private readonly passwordPerClientLimit: AttemptLimiter;
  private readonly transactionPasswordLimit: AttemptLimiter;

  private readonly createdListeners: Array<(userId: string) => void> = [];
  /** USDT value of the user's withdrawals of the last 24 hours that count toward the limit (withdrawals.ts). */
  private withdrawnToday: (userId: string) => Big = () => new Big(0);

  constructor(
    private readonly seed: number,
    private readonly now: () => number,
    /** A session ended (logout, password change elsewhere): its sockets must stop getting private events. */
    onSessionEnd: (userId: string, token: string) => void = () => {},
  ) {
    this.sessions = new Sessions(now, onSessionEnd);
    this.codes = new VerificationCodes(now, ATTEMPT_LIMITS);
    this.passwordLimit = new AttemptLimiter(ATTEMPT_LIMITS.password, now);
    this.passwordPerClientLimit = new AttemptLimiter(ATTEMPT_LIMITS.passwordPerClient, now);
    this.transactionPasswordLimit = new AttemptLimiter(ATTEMPT_LIMITS.transactionPassword, now);
  }

  get count(): number {
    return this.users.size;
  }

  private hash(password: string, salt: string): string {
    return bytesToHex(pbkdf2(sha256, utf8ToBytes(password), utf8ToBytes(salt), { c: PBKDF2_ITERATIONS, dkLen: 32 }));
  }

  private random(key: string): Rng {
    this.counter += 1;
    return new Rng(this.seed, `${key}:${this.counter}`);
  }

  /** The stored form of an account: a lower-cased email, or a phone in E.164. */
  normalize(account: string, country?: string): string | null {
    const a = account.trim();
    if (a.includes('@')) return checkEmail(a) ? null : a.toLowerCase();
    return normalizePhone(a, country);
  }

  sendCode(req: Schemas['SendCodeRequest'], token?: string): { cooldownSeconds: number } {
    const account = this.normalize(req.account, req.country);
    if (!account) throw new DomainError(...VALIDATION_MESSAGES.emailInvalid);
    // Security codes go only to the logged-in user's own account (no code spam to others).
    if (req.scene === 'security' && this.record(token).account !== account) {
      throw new DomainError('not_your_account', 'Security codes are sent to your own account only');
    }
    if (req.scene === 'register' && this.byAccount.has(account)) {
      throw new DomainError('account_taken', 'This account is already registered');
    }
    // forget_password answers alike for unknown accounts (no code goes out), so it cannot be used
    // to learn who has an account; the security scene is the logged-in user's own account.
    return this.codes.send(req.scene, account);
  }

  /** Verifies a password against a user's hash under the password limits (login and current password). */
  private checkPasswordAttempt(user: UserRecord | undefined, password: string, client?: string): boolean {
    const accountKey = user ? `account:${user.account}` : null;
    const clientKey = client ? `client:${client}` : null;
    if (accountKey) this.passwordLimit.check(accountKey);
    if (clientKey) this.passwordPerClientLimit.check(clientKey);
    // An unknown account costs one hash too, so the answer's timing does not tell whether it exists.
    const ok = this.hash(password, user?.salt ?? UNKNOWN_SALT) === (user?.passwordHash ?? '');
    if (ok && accountKey) this.passwordLimit.clear(accountKey);
    if (!ok) {
      if (accountKey) this.passwordLimit.fail(accountKey);
      if (clientKey) this.passwordPerClientLimit.fail(clientKey);
    }
    return ok;
  }

  /**
   * Creates a user without the registration checks (scenarios, seeds). Its id and invitation code
   * are unique by construction: derived from the seed and the account by a keyed hash (random.ts),
   * so no chosen account can aim at another user's id, and checked against every existing user, so
   * a chance collision takes the next candidate instead of someone else's record.
   */
  create(account: string, accountType: User['accountType'], password: string, inviteCode?: string): UserRecord {
    return this.add(account, accountType, inviteCode, (salt) => CREATED_HASHES.get(`${salt}:${password}`, () => this.hash(password, salt)));
  }

  /** A new user (see `create`), its password hash made from its salt by `hashPassword`. */
  private add(account: string, accountType: User['accountType'], inviteCode: string | undefined, hashPassword: (salt: string) => string): UserRecord {
    if (this.byAccount.has(account)) throw new Error(`${account} is already registered`);
    if (inviteCode !== undefined && this.byInviteCode.has(inviteCode)) throw new Error(`The invitation code ${inviteCode} is taken`);
    const salt = keyedHex(this.seed, `salt:${account}`, 32);
    let id = '';
    for (let n = 0; !id || this.users.has(id); n++) id = `u_${keyedHex(this.seed, `user:${account}:${n}`, ID_HEX)}`;
    let code = inviteCode ?? '';
    for (let n = 0; !code || this.byInviteCode.has(code); n++) code = new Rng(this.seed, `invite:${account}:${n}`).code(INVITE_CODE_LENGTH);
    const user: UserRecord = {
      id,
      account,
      accountType,
      nickname: accountType === 'email' ? account.split('@')[0] : `user${account.slice(-4)}`,
      inviteCode: code,
      creditScore: 100,
      createdAt: this.now(),
      role: 'user',
      salt,
      passwordHash: hashPassword(salt),
      transactionHash: null,
      verification: 'none',
      advancedVerification: 'none',
    };
    this.users.set(user.id, user);
    this.byAccount.set(account, user);
    this.byInviteCode.set(user.inviteCode, user);
    for (const listener of this.createdListeners) listener(user.id);
    return user;
  }

  /** Where `view` learns what a user withdrew in the last 24 hours (for `withdrawalLimitLeft`). */
  countWithdrawals(withdrawnToday: (userId: string) => Big): void {
    this.withdrawnToday = withdrawnToday;
  }

  /** Hears every user created (registration, scenarios). */
  onCreated(listener: (userId: string) => void): void {
    this.createdListeners.push(listener);
  }

  /** Whether a user already has this invitation code. */
  inviteCodeTaken(code: string): boolean {
    return this.byInviteCode.has(code);
  }

  /** The id of the user registered with `account` (email or phone as stored), or undefined. */
  idOf(account: string): string | undefined {
    return this.byAccount.get(account)?.id;
  }

  register(req: Schemas['RegisterRequest'], client?: string): { token: string; user: User } {
    if (req.agree !== true) fail('agreementRequired');
    if (req.accountType === 'email') fail(checkEmail(req.account));
    const account = req.accountType === 'email' ? req.account.trim().toLowerCase() : normalizePhone(req.account, req.country);
    if (!account) return fail('phoneInvalid') as never;
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (this.byAccount.has(account)) throw new DomainError('account_taken', 'This account is already registered');
    const invite = req.inviteCode?.trim().toUpperCase();
    const inviter = invite ? this.byInviteCode.get(invite) : undefined;
    if (invite && !inviter) throw new DomainError('invite_invalid', 'The invitation code does not exist');
    this.codes.verify('register', account, req.code, true, client);
    const user = this.add(account, req.accountType, undefined, (salt) => this.hash(req.password, salt));
    if (inviter) user.invitedBy = inviter.id;
    return { token: this.sessions.open(user.id), user: this.view(user) };
  }

  /** The users a user invited (their invitation code was given at registration), oldest first. */
  invitees(userId: string): UserRecord[] {
    return [...this.users.values()].filter((u) => u.invitedBy === userId);
  }

  login(req: Schemas['LoginRequest'], client?: string): { token: string; user: User } {
    const account = this.normalize(req.account, req.country);
    const user = account ? this.byAccount.get(account) : undefined;
    if (!this.checkPasswordAttempt(user, req.password, client) || !user) {
      throw new DomainError('wrong_credentials', 'Incorrect account or password');
    }
    return { token: this.sessions.open(user.id), user: this.view(user) };
  }

  logout(token: string | undefined): void {
    this.sessions.end(token);
  }

  /** The user id of a live session, or undefined (sockets check their token with it). */
  sessionUser(token: string | undefined): string | undefined {
    return this.sessions.user(token);
  }

  /** The record of a token's user, or the 999 envelope error. */
  record(token: string | undefined): UserRecord {
    const id = this.sessions.user(token);
    if (id === undefined) throw notLoggedIn();
    return this.get(id);
  }

  byId(id: string): UserRecord | undefined {
    return this.users.get(id);
  }

  /** The record of a user the caller has authenticated (dispatch did), or the 999 error if it is gone. */
  get(userId: string): UserRecord {
    const user = this.users.get(userId);
    if (!user) throw notLoggedIn();
    return user;
  }

  /** Step one of forgot/modify password: the code, for a one-time ticket. */
  checkCode(req: Schemas['CheckCodeRequest'], token: string | undefined, client?: string): Schemas['Ticket'] {
    let account: string;
    if (req.scene === 'security') account = this.record(token).account;
    else {
      const normalized = req.account ? this.normalize(req.account, req.country) : null;
      if (!normalized) throw new DomainError(...VALIDATION_MESSAGES.emailInvalid);
      account = normalized;
    }
    this.codes.verify(req.scene, account, req.code, this.byAccount.has(account), client);
    return this.codes.issueTicket(req.scene, account);
  }

  /** Step two: the new login password. Every other session of the user ends. */
  resetPassword(req: Schemas['ResetPasswordRequest'], token: string | undefined): string {
    const ticket = this.codes.ticket(req.ticket);
    const user = this.byAccount.get(ticket.account)!;
    if (ticket.scene === 'security' && this.sessions.user(token) !== user.id) throw notLoggedIn();
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    this.codes.spend(req.ticket);
    this.setPassword(user, req.password, token);
    return 'Password updated';
  }

  /** The session `token` stays; every other session of the user ends. */
  changePassword(userId: string, token: string | undefined, req: Schemas['ChangePasswordRequest'], client?: string): string {
    const user = this.get(userId);
    if (!this.checkPasswordAttempt(user, req.oldPassword, client)) {
      throw new DomainError('wrong_old_password', 'The current password is incorrect');
    }
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (req.password === req.oldPassword) throw new DomainError('password_unchanged', 'The new password must differ from the current one');
    this.setPassword(user, req.password, token);
    return 'Password updated';
  }

  private setPassword(user: UserRecord, password: string, keepToken: string | undefined): void {
    user.salt = this.random(`salt:${user.id}`).hex(16);
    user.passwordHash = this.hash(password, user.salt);
    this.sessions.endOthers(user.id, keepToken);
  }

  /** A `security` code sent to the user's own account (address book, sensitive changes). */
  verifySecurityCode(user: UserRecord, code: string, client?: string): void {
    this.codes.verify('security', user.account, code, true, client);
  }

  setTransactionPassword(userId: string, req: Schemas['TransactionPasswordRequest'], client?: string): User {
    const user = this.get(userId);
    fail(checkTransactionPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (user.transactionHash) {
      if (!req.code) throw new DomainError('code_required', 'Enter the verification code sent to your account');
      this.codes.verify('security', user.account, req.code, true, client);
    }
    user.transactionHash = this.hash(`tx:${req.password}`, user.salt);
    return this.view(user);
  }

  /** For protected actions (withdrawals): HTTP 401 when none is set, an error when wrong. */
  checkTransactionPassword(user: UserRecord, password: string): void {
    if (!user.transactionHash) throw new DomainError('no_transaction_password', 'No transaction password set');
    const key = `user:${user.id}`;
    this.transactionPasswordLimit.check(key);
    if (this.hash(`tx:${password}`, user.salt) !== user.transactionHash) {
      this.transactionPasswordLimit.fail(key);
      throw new DomainError('wrong_transaction_password', 'Incorrect transaction password');
    }
    this.transactionPasswordLimit.clear(key);
  }

  redeemAuthorizationCode(userId: string, code: string): User {
    const user = this.get(userId);
    if (user.role === 'agent') throw new DomainError('already_agent', 'You are already an agent');
    if (code.trim().toUpperCase() !== AGENT_CODE) {
      throw new DomainError('authorization_code_invalid', 'This authorization code is not valid');
    }
    user.role = 'agent';
    return this.view(user);
  }

  view(user: UserRecord): User {
    const realName = user.verification === 'verified';
    const advanced = realName && user.advancedVerification === 'verified';
    const limit = WITHDRAWAL_LIMITS[advanced ? 'advanced' : realName ? 'realName' : 'mobile'];
    const left = new Big(limit).minus(this.withdrawnToday(user.id));
    return {
      id: user.id,
      account: user.account,
      accountType: user.accountType,
      nickname: user.nickname,
      inviteCode: user.inviteCode,
      creditScore: user.creditScore,
      ...(user.realName ? { realName: user.realName } : {}),
      verification: user.verification,
      ...(user.verificationReason ? { verificationReason: user.verificationReason, verificationReasonCode: user.verificationReasonCode } : {}),
      advancedVerification: user.advancedVerification,
      ...(user.advancedVerificationReason
        ? { advancedVerificationReason: user.advancedVerificationReason, advancedVerificationReasonCode: user.advancedVerificationReasonCode }
        : {}),
      merchantLevel: advanced ? 'advanced' : realName ? 'realName' : 'mobile',
      role: user.role,
      withdrawalLimit: limit,
      withdrawalLimitLeft: usdt(left.lt(0) ? new Big(0) : left, 'display'),
      hasTransactionPassword: user.transactionHash !== null,
      createdAt: user.createdAt,
    };
  }
}
