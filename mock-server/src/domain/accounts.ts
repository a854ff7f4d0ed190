/**
 * Users, credentials (salted PBKDF2 hashes), verification codes with their cooldown and expiry,
 * one-time tickets, sessions, login and transaction passwords, roles.
 */
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { components } from '../../../contracts/generated/openapi.ts';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkTransactionPassword,
  normalizePhone,
  type ValidationKey,
} from '../../../common/validation.ts';
import { DomainError, notLoggedIn } from './errors.ts';
import { Rng } from './random.ts';

type Schemas = components['schemas'];
export type User = Schemas['User'];
type ReviewStatus = Schemas['ReviewStatus'];
type Scene = Schemas['SendCodeRequest']['scene'];

/** The code the mock accepts for every account (documented in the README). */
export const MOCK_CODE = '123456';
/** The authorization code that makes a user an agent (documented in the README). */
export const AGENT_CODE = 'AGENT2026';
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
const PBKDF2_ITERATIONS = 2_000;

/** USDT per 24 h by verification level. */
export const WITHDRAWAL_LIMITS = { mobile: '2000', realName: '50000', advanced: '500000' } as const;

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
  advancedVerification: ReviewStatus;
  advancedVerificationReason?: string;
}

const VALIDATION_MESSAGES: Record<ValidationKey, [string, string]> = {
  required: ['required', 'Please fill in every required field'],
  emailInvalid: ['invalid_account', 'Please input a valid phone number or valid email'],
  phoneInvalid: ['invalid_account', 'Please input a valid phone number or valid email'],
  passwordLength: ['password_length', 'The password must be 6 to 16 characters'],
  passwordTooSimple: ['password_too_simple', 'The password is too simple, please re-enter'],
  passwordMismatch: ['password_mismatch', 'The two passwords are inconsistent'],
  codeInvalid: ['wrong_code', 'The verification code is incorrect'],
  agreementRequired: ['agreement_required', 'Please read and accept the user agreement'],
  transactionPasswordFormat: ['transaction_password_format', 'The transaction password must be 6 digits'],
  transactionPasswordTooSimple: ['transaction_password_too_simple', 'The transaction password is too simple, avoid repeated or consecutive digits'],
};

function fail(key: ValidationKey | null): void {
  if (key) throw new DomainError(...VALIDATION_MESSAGES[key]);
}

export class Accounts {
  private readonly users = new Map<string, UserRecord>();
  private readonly byAccount = new Map<string, UserRecord>();
  private readonly sessions = new Map<string, string>();
  /** Last code sent, per `${scene}:${account}`. */
  private readonly codes = new Map<string, number>();
  /** Wrong tries per sent code; the code dies after MAX_CODE_ATTEMPTS. */
  private readonly attempts = new Map<string, number>();
  private readonly tickets = new Map<string, { account: string; scene: Scene; expiresAt: number }>();
  private counter = 0;

  constructor(
    private readonly seed: number,
    private readonly now: () => number,
  ) {}

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
    if (req.scene !== 'register' && !this.byAccount.has(account)) {
      throw new DomainError('account_not_found', 'No account is registered with this phone or email');
    }
    const key = `${req.scene}:${account}`;
    const last = this.codes.get(key);
    const now = this.now();
    if (last !== undefined && now - last < CODE_COOLDOWN_MS) {
      const wait = Math.ceil((CODE_COOLDOWN_MS - (now - last)) / 1000);
      throw new DomainError('code_cooldown', `Please wait ${wait} s before requesting another code`).with({ seconds: wait });
    }
    this.codes.set(key, now);
    this.attempts.delete(key);
    return { cooldownSeconds: CODE_COOLDOWN_MS / 1000 };
  }

  private verifyCode(scene: Scene, account: string, code: string | undefined): void {
    fail(checkCode(code ?? ''));
    const sent = this.codes.get(`${scene}:${account}`);
    if (sent === undefined) throw new DomainError('code_not_sent', 'Please request a verification code first');
    if (this.now() - sent > CODE_TTL_MS) throw new DomainError('code_expired', 'The verification code has expired, please request a new one');
    const key = `${scene}:${account}`;
    if (code !== MOCK_CODE) {
      const tries = (this.attempts.get(key) ?? 0) + 1;
      this.attempts.set(key, tries);
      if (tries >= MAX_CODE_ATTEMPTS) {
        this.codes.delete(key);
        throw new DomainError('code_attempts', 'Too many wrong codes: please request a new one');
      }
      throw new DomainError(...VALIDATION_MESSAGES.codeInvalid);
    }
    this.codes.delete(key);
    this.attempts.delete(key);
  }

  /** Creates a user without checks (scenarios). */
  create(account: string, accountType: User['accountType'], password: string, inviteCode?: string): UserRecord {
    const rng = new Rng(this.seed, `user:${account}`);
    const salt = rng.hex(16);
    const user: UserRecord = {
      id: `u_${rng.hex(8)}`,
      account,
      accountType,
      nickname: accountType === 'email' ? account.split('@')[0] : `user${account.slice(-4)}`,
      inviteCode: inviteCode ?? rng.code(6),
      creditScore: 100,
      createdAt: this.now(),
      role: 'user',
      salt,
      passwordHash: this.hash(password, salt),
      transactionHash: null,
      verification: 'none',
      advancedVerification: 'none',
    };
    this.users.set(user.id, user);
    this.byAccount.set(account, user);
    return user;
  }

  register(req: Schemas['RegisterRequest']): { token: string; user: User } {
    if (req.agree !== 'true') fail('agreementRequired');
    if (req.accountType === 'email') fail(checkEmail(req.account));
    const account = req.accountType === 'email' ? req.account.trim().toLowerCase() : normalizePhone(req.account, req.country);
    if (!account) return fail('phoneInvalid') as never;
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (this.byAccount.has(account)) throw new DomainError('account_taken', 'This account is already registered');
    const invite = req.inviteCode?.trim().toUpperCase();
    if (invite && ![...this.users.values()].some((u) => u.inviteCode === invite)) {
      throw new DomainError('invite_invalid', 'The invitation code does not exist');
    }
    this.verifyCode('register', account, req.code);
    const user = this.create(account, req.accountType, req.password);
    return { token: this.openSession(user.id), user: this.view(user) };
  }

  login(req: Schemas['LoginRequest']): { token: string; user: User } {
    const account = this.normalize(req.account, req.country);
    const user = account ? this.byAccount.get(account) : undefined;
    if (!user || this.hash(req.password, user.salt) !== user.passwordHash) {
      throw new DomainError('wrong_credentials', 'Incorrect account or password');
    }
    return { token: this.openSession(user.id), user: this.view(user) };
  }

  private openSession(userId: string): string {
    const token = this.random(`session:${userId}`).hex(32);
    this.sessions.set(token, userId);
    return token;
  }

  logout(token: string | undefined): void {
    if (token) this.sessions.delete(token);
  }

  /** The record of a token's user, or the 999 envelope error. */
  record(token: string | undefined): UserRecord {
    const id = token ? this.sessions.get(token) : undefined;
    const user = id ? this.users.get(id) : undefined;
    if (!user) throw notLoggedIn();
    return user;
  }

  byId(id: string): UserRecord | undefined {
    return this.users.get(id);
  }

  authenticate(token: string | undefined): User {
    return this.view(this.record(token));
  }

  /** Step one of forgot/modify password: the code, for a one-time ticket. */
  checkCode(req: Schemas['CheckCodeRequest'], token: string | undefined): Schemas['Ticket'] {
    let account: string;
    if (req.scene === 'security') account = this.record(token).account;
    else {
      const normalized = req.account ? this.normalize(req.account, req.country) : null;
      if (!normalized) throw new DomainError(...VALIDATION_MESSAGES.emailInvalid);
      if (!this.byAccount.has(normalized)) throw new DomainError('account_not_found', 'No account is registered with this phone or email');
      account = normalized;
    }
    this.verifyCode(req.scene, account, req.code);
    const ticket = this.random(`ticket:${account}`).hex(24);
    const expiresAt = this.now() + TICKET_TTL_MS;
    this.tickets.set(ticket, { account, scene: req.scene, expiresAt });
    return { ticket, expiresAt };
  }

  /** Step two: the new login password. Every other session of the user ends. */
  resetPassword(req: Schemas['ResetPasswordRequest'], token: string | undefined): string {
    const ticket = this.tickets.get(req.ticket);
    if (!ticket || ticket.expiresAt < this.now()) {
      throw new DomainError('ticket_invalid', 'This step has expired, please verify your code again');
    }
    const user = this.byAccount.get(ticket.account)!;
    if (ticket.scene === 'security' && this.sessions.get(token ?? '') !== user.id) throw notLoggedIn();
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    this.tickets.delete(req.ticket);
    this.setPassword(user, req.password, token);
    return 'Password updated';
  }

  changePassword(token: string | undefined, req: Schemas['ChangePasswordRequest']): string {
    const user = this.record(token);
    if (this.hash(req.oldPassword, user.salt) !== user.passwordHash) {
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
    for (const [t, id] of this.sessions) if (id === user.id && t !== keepToken) this.sessions.delete(t);
  }

  /** A `security` code sent to the user's own account (address book, sensitive changes). */
  verifySecurityCode(user: UserRecord, code: string): void {
    this.verifyCode('security', user.account, code);
  }

  setTransactionPassword(token: string | undefined, req: Schemas['TransactionPasswordRequest']): User {
    const user = this.record(token);
    fail(checkTransactionPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (user.transactionHash) {
      if (!req.code) throw new DomainError('code_required', 'Enter the verification code sent to your account');
      this.verifyCode('security', user.account, req.code);
    }
    user.transactionHash = this.hash(`tx:${req.password}`, user.salt);
    return this.view(user);
  }

  /** For protected actions (withdrawals): HTTP 401 when none is set, an error when wrong. */
  checkTransactionPassword(user: UserRecord, password: string): void {
    if (!user.transactionHash) throw new DomainError('no_transaction_password', 'No transaction password set');
    if (this.hash(`tx:${password}`, user.salt) !== user.transactionHash) {
      throw new DomainError('wrong_transaction_password', 'Incorrect transaction password');
    }
  }

  redeemAuthorizationCode(token: string | undefined, code: string): User {
    const user = this.record(token);
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
    return {
      id: user.id,
      account: user.account,
      accountType: user.accountType,
      nickname: user.nickname,
      inviteCode: user.inviteCode,
      creditScore: user.creditScore,
      ...(user.realName ? { realName: user.realName } : {}),
      verification: user.verification,
      ...(user.verificationReason ? { verificationReason: user.verificationReason } : {}),
      advancedVerification: user.advancedVerification,
      ...(user.advancedVerificationReason ? { advancedVerificationReason: user.advancedVerificationReason } : {}),
      merchantLevel: advanced ? 'advanced' : realName ? 'realName' : 'mobile',
      role: user.role,
      withdrawalLimit: WITHDRAWAL_LIMITS[advanced ? 'advanced' : realName ? 'realName' : 'mobile'],
      hasTransactionPassword: user.transactionHash !== null,
      createdAt: user.createdAt,
    };
  }
}
