/**
 * Verification codes and the one-time tickets they buy: the send cooldown, the expiry, the tries
 * per code and the per-account and per-client limits on wrong codes (virtual clock).
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { checkCode } from '../../../../common/validation.ts';
import { DomainError } from '../kernel/errors.ts';
import { AttemptLimiter, type LimitRule } from '../kernel/limits.ts';
import { secretHex } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type Scene = Schemas['SendCodeRequest']['scene'];

/** The code the mock accepts for every account (documented in docs/mock/README.md). */
export const MOCK_CODE = '123456';
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** Beyond this many pending codes, those past their expiry are forgotten. */
const PRUNE_CODES_ABOVE = 10_000;

export const wrongCode = () => new DomainError('wrong_code', 'The verification code is incorrect');

export class VerificationCodes {
  /** Last code sent, per `${scene}:${account}`. */
  private readonly sent = new Map<string, number>();
  /** Wrong tries per sent code; the code dies after MAX_CODE_ATTEMPTS. */
  private readonly attempts = new Map<string, number>();
  private readonly tickets = new Map<string, { account: string; scene: Scene; expiresAt: number }>();
  private readonly perAccount: AttemptLimiter;
  private readonly perClient: AttemptLimiter;

  constructor(
    private readonly now: () => number,
    limits: { code: LimitRule; codePerClient: LimitRule },
  ) {
    this.perAccount = new AttemptLimiter(limits.code, now);
    this.perClient = new AttemptLimiter(limits.codePerClient, now);
  }

  /** Records a code sent to `account` in `scene`, or `code_cooldown` while the last one is fresh. */
  send(scene: Scene, account: string): { cooldownSeconds: number } {
    const key = `${scene}:${account}`;
    const last = this.sent.get(key);
    const now = this.now();
    if (last !== undefined && now - last < CODE_COOLDOWN_MS) {
      const wait = Math.ceil((CODE_COOLDOWN_MS - (now - last)) / 1000);
      throw new DomainError('code_cooldown', `Please wait ${wait} s before requesting another code`).with({ seconds: wait });
    }
    if (this.sent.size > PRUNE_CODES_ABOVE) {
      for (const [k, at] of this.sent) {
        if (now - at <= CODE_TTL_MS) continue;
        this.sent.delete(k);
        this.attempts.delete(k);
      }
    }
    this.sent.set(key, now);
    this.attempts.delete(key);
    return { cooldownSeconds: CODE_COOLDOWN_MS / 1000 };
  }

  /**
   * Checks a code sent to `account`. Wrong codes count against the code (it dies after
   * MAX_CODE_ATTEMPTS), the account and the client; an account or client over its limit is refused
   * even with the right code. `exists: false` (an unknown account) never matches.
   */
  verify(scene: Scene, account: string, code: string | undefined, exists: boolean, client?: string): void {
    if (checkCode(code ?? '')) throw wrongCode();
    const accountKey = `account:${account}`;
    const clientKey = client ? `client:${client}` : null;
    this.perAccount.check(accountKey);
    if (clientKey) this.perClient.check(clientKey);
    const key = `${scene}:${account}`;
    const sent = this.sent.get(key);
    if (sent === undefined) throw new DomainError('code_not_sent', 'Please request a verification code first');
    if (this.now() - sent > CODE_TTL_MS) throw new DomainError('code_expired', 'The verification code has expired, please request a new one');
    if (code !== MOCK_CODE || !exists) {
      this.perAccount.fail(accountKey);
      if (clientKey) this.perClient.fail(clientKey);
      const tries = (this.attempts.get(key) ?? 0) + 1;
      this.attempts.set(key, tries);
      if (tries >= MAX_CODE_ATTEMPTS) {
        this.sent.delete(key);
        throw new DomainError('code_attempts', 'Too many wrong codes: please request a new one');
      }
      throw wrongCode();
    }
    this.sent.delete(key);
    this.attempts.delete(key);
    this.perAccount.clear(accountKey);
  }

  /** A one-time ticket for the next step of a code-verified flow. */
  issueTicket(scene: Scene, account: string): Schemas['Ticket'] {
    const now = this.now();
    for (const [t, v] of this.tickets) if (v.expiresAt < now) this.tickets.delete(t);
    const ticket = secretHex(24);
    const expiresAt = now + TICKET_TTL_MS;
    this.tickets.set(ticket, { account, scene, expiresAt });
    return { ticket, expiresAt };
  }

  /** The ticket's account and scene, or `ticket_invalid`; the ticket is spent only by `spend`. */
  ticket(ticket: string): { account: string; scene: Scene } {
    const t = this.tickets.get(ticket);
    if (!t || t.expiresAt < this.now()) throw new DomainError('ticket_invalid', 'This step has expired, please verify your code again');
    return t;
  }

  spend(ticket: string): void {
    this.tickets.delete(ticket);
  }
}
