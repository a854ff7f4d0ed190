/**
 * The request/event journal (`GET /__mock/journal`): API requests, control calls and the private
 * socket events the server emitted, each with a `seq` that only grows, in a bounded ring buffer. What
 * a failing e2e test attaches to its report. Secrets and personal data never enter it: fields named
 * like password, code, token, ticket, key or secret, and the fields that describe a person
 * (PERSONAL_FIELDS), are redacted before anything is kept. No Node APIs.
 */
import type { components } from '../../../contracts/generated/mock-control.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

/** How many entries the journal keeps (the oldest go first). */
export const JOURNAL_SIZE = 5_000;
/** Longest query or body kept (characters of JSON); longer ones end with `…`. */
export const JOURNAL_TEXT_MAX = 2_000;
const SUMMARY_MAX = 300;
const SECRET_FIELD = /pass(word)?|code|token|ticket|secret|key|authorization|cookie/i;
/** Public fields that match SECRET_FIELD by name only (an invitation code is printed on posters). */
const NOT_SECRET = new Set(['inviteCode', 'countryCode', 'scene']);
/**
 * The request fields of contracts/openapi.yaml that describe a person beyond the login account: a
 * legal name and government id (submitIdentity), bank and payment-app accounts (addPaymentMethod),
 * a loan applicant's contact, address and emergency contact (applyLoan), a wallet address
 * (addAddress; by name, submitRecharge's platform address too). The login `account` stays: it is how
 * an entry tells whose request it was.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'realName',
  'idNumber',
  'accountNumber',
  'alipayAccount',
  'wechatAccount',
  'wechatNickname',
  'contact',
  'address',
  'emergencyName',
  'emergencyPhone',
]);
const hidden = (k: string) => PERSONAL_FIELDS.has(k) || (SECRET_FIELD.test(k) && !NOT_SECRET.has(k));

/** A copy of `value` with the value of every secret-named or personal field replaced by `[redacted]`. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    // A copy whose own properties are then replaced (own, even one named __proto__): no entry arrays per call.
    const copy: Record<string, unknown> = { ...value };
    for (const k of Object.keys(copy)) copy[k] = hidden(k) ? '[redacted]' : redact(copy[k], depth + 1);
    return copy;
  }
  if (typeof value === 'string' && value.startsWith('data:')) return `${value.slice(0, value.indexOf(',') + 1)}[${value.length} characters]`;
  return value;
}

/** Redacted JSON of `value`, at most `max` characters. */
export function clip(value: unknown, max = JOURNAL_TEXT_MAX): string {
  const text = JSON.stringify(redact(value)) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The identifying fields of a socket payload (first level and one below), redacted and clipped. */
export function summarize(payload: unknown): string {
  const pick = (o: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o).filter(
        ([k, v]) =>
          ['id', 'status', 'type', 'coin', 'symbol', 'side', 'kind', 'unread', 'typing', 'until', 'amount', 'title'].includes(k) && typeof v !== 'object',
      ),
    );
  if (!payload || typeof payload !== 'object') return clip(payload, SUMMARY_MAX);
  const top = payload as Record<string, unknown>;
  const out: Record<string, unknown> = pick(top);
  for (const [k, v] of Object.entries(top)) {
    if (Array.isArray(v)) out[k] = `[${v.length}]`;
    else if (v && typeof v === 'object') out[k] = pick(v as Record<string, unknown>);
  }
  return clip(out, SUMMARY_MAX);
}

export class Journal {
  /** A ring: the entry of seq `n` sits at `(n - 1) % size` (no shifting of the whole buffer per entry). */
  private readonly entries: JournalEntry[] = [];
  private seq = 0;

  constructor(private readonly size = JOURNAL_SIZE) {}

  add(entry: Omit<JournalEntry, 'seq'>): void {
    const seq = ++this.seq;
    this.entries[(seq - 1) % this.size] = { seq, ...entry } as JournalEntry;
  }

  /** The seq of the newest entry (0 before the first). */
  get last(): number {
    return this.seq;
  }

  /** The oldest `limit` entries after `since`. */
  since(since = 0, limit = 1000): JournalEntry[] {
    if (limit <= 0) return [];
    // The ring holds seqs first..last, consecutive.
    const first = Math.max(1, this.seq - this.size + 1);
    const from = Math.max(first, Math.floor(since) + 1);
    const to = Math.min(this.seq, from + limit - 1);
    const out: JournalEntry[] = [];
    for (let seq = from; seq <= to; seq++) out.push(this.entries[(seq - 1) % this.size]);
    return out;
  }
}
