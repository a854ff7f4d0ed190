/**
 * Users, credentials (salted PBKDF2 hashes), verification codes with their cooldown, and sessions.
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
  normalizePhone,
  type ValidationKey,
} from '../../../common/validation.ts';
import { DomainError, notLoggedIn } from './errors.ts';
import { Rng } from './random.ts';

type User = components['schemas']['User'];
type RegisterRequest = components['schemas']['RegisterRequest'];
type SendCodeRequest = components['schemas']['SendCodeRequest'];
type LoginRequest = components['schemas']['LoginRequest'];

/** The code the mock accepts for every account (documented in the README). */
export const MOCK_CODE = '123456';
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_TTL_MS = 10 * 60_000;
const PBKDF2_ITERATIONS = 2_000;

interface UserRecord extends User {
  salt: string;
  passwordHash: string;
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

  /** The stored form of an account: a lower-cased email, or a phone in E.164. */
  normalize(account: string, country?: string): string | null {
    const a = account.trim();
    if (a.includes('@')) return checkEmail(a) ? null : a.toLowerCase();
    return normalizePhone(a, country);
  }

  sendCode(req: SendCodeRequest): { cooldownSeconds: number } {
    const account = this.normalize(req.account, req.country);
    if (!account) throw new DomainError(...VALIDATION_MESSAGES.emailInvalid);
    if (req.scene === 'register' && this.byAccount.has(account)) {
      throw new DomainError('account_taken', 'This account is already registered');
    }
    if ((req.scene === 'forget_password' || req.scene === 'login') && !this.byAccount.has(account)) {
      throw new DomainError('account_not_found', 'No account is registered with this phone or email');
    }
    const key = `${req.scene}:${account}`;
    const last = this.codes.get(key);
    const now = this.now();
    if (last !== undefined && now - last < CODE_COOLDOWN_MS) {
      const wait = Math.ceil((CODE_COOLDOWN_MS - (now - last)) / 1000);
      throw new DomainError('code_cooldown', `Please wait ${wait} s before requesting another code`);
    }
    this.codes.set(key, now);
    return { cooldownSeconds: CODE_COOLDOWN_MS / 1000 };
  }

  private verifyCode(scene: string, account: string, code: string): void {
    fail(checkCode(code));
    const sent = this.codes.get(`${scene}:${account}`);
    if (sent === undefined) throw new DomainError('code_not_sent', 'Please request a verification code first');
    if (this.now() - sent > CODE_TTL_MS) throw new DomainError('code_expired', 'The verification code has expired, please request a new one');
    if (code !== MOCK_CODE) throw new DomainError(...VALIDATION_MESSAGES.codeInvalid);
  }

  /** Creates a user without checks (scenarios). */
  create(account: string, accountType: User['accountType'], password: string, inviteCode?: string): UserRecord {
    this.counter += 1;
    const rng = new Rng(this.seed, `user:${account}`);
    const salt = rng.hex(16);
    const user: UserRecord = {
      id: `u_${rng.hex(8)}`,
      account,
      accountType,
      nickname: accountType === 'email' ? account.split('@')[0] : `user${account.slice(-4)}`,
      inviteCode: inviteCode ?? rng.code(6),
      creditScore: 100,
      verification: 'none',
      hasTransactionPassword: false,
      createdAt: this.now(),
      salt,
      passwordHash: this.hash(password, salt),
    };
    this.users.set(user.id, user);
    this.byAccount.set(account, user);
    return user;
  }

  register(req: RegisterRequest): { token: string; user: User } {
    if (req.agree !== 'true') fail('agreementRequired');
    const typeCheck = req.accountType === 'email' ? checkEmail(req.account) : null;
    fail(typeCheck);
    const account = req.accountType === 'email' ? req.account.trim().toLowerCase() : normalizePhone(req.account, req.country);
    if (!account) fail('phoneInvalid');
    fail(checkPassword(req.password));
    fail(checkConfirmation(req.password, req.confirmPassword));
    if (this.byAccount.has(account!)) throw new DomainError('account_taken', 'This account is already registered');
    this.verifyCode('register', account!, req.code);
    const invite = req.inviteCode?.trim();
    if (invite && ![...this.users.values()].some((u) => u.inviteCode === invite.toUpperCase())) {
      throw new DomainError('invite_invalid', 'The invitation code does not exist');
    }
    this.codes.delete(`register:${account}`);
    const user = this.create(account!, req.accountType, req.password);
    return { token: this.openSession(user.id), user: this.view(user) };
  }

  login(req: LoginRequest): { token: string; user: User } {
    const account = this.normalize(req.account, req.country);
    const user = account ? this.byAccount.get(account) : undefined;
    if (!user || this.hash(req.password, user.salt) !== user.passwordHash) {
      throw new DomainError('wrong_credentials', 'Incorrect account or password');
    }
    return { token: this.openSession(user.id), user: this.view(user) };
  }

  private openSession(userId: string): string {
    this.counter += 1;
    const token = new Rng(this.seed, `session:${userId}:${this.counter}`).hex(32);
    this.sessions.set(token, userId);
    return token;
  }

  logout(token: string | undefined): void {
    if (token) this.sessions.delete(token);
  }

  /** The user of a token, or the 999 envelope error. */
  authenticate(token: string | undefined): User {
    const id = token ? this.sessions.get(token) : undefined;
    const user = id ? this.users.get(id) : undefined;
    if (!user) throw notLoggedIn();
    return this.view(user);
  }

  private view(user: UserRecord): User {
    const { salt: _salt, passwordHash: _hash, ...rest } = user;
    return { ...rest };
  }
}
