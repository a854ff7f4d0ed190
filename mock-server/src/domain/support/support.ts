/**
 * Online customer service: one conversation per user, and one per guest (a random key the device
 * keeps; it opens nothing but that conversation and the guest's uploads; a guest unused for a day is
 * forgotten, its conversation and images with it). A conversation keeps its newest messages, and
 * the images of those it drops go too (uploads.ts). The mock's agent answers
 * every message on the virtual clock: it reads it after AGENT_DELAYS.read, types, and replies after
 * AGENT_DELAYS.reply with an automatic answer (deposit or withdraw questions get a link to the
 * page, anything else is handed to a person). Messages sent before the answer is due (an image,
 * then its question) get one answer, to all their text; a hand-over already said is not said again
 * until the agent has said something else. The control API posts what a person would type.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { Accounts } from '../account/accounts.ts';
import { DomainError, notLoggedIn } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { AttemptLimiter } from '../kernel/limits.ts';
import { OwnedIds, secretHex } from '../kernel/random.ts';
import type { Scheduler } from '../kernel/scheduler.ts';
import { trimChat, type Uploads } from '../kernel/uploads.ts';

type Schemas = components['schemas'];
export type SupportMessage = Schemas['SupportMessage'];
type Kind = Schemas['SupportKind'];

export const AGENT_DELAYS = { read: 1000, reply: 3000 } as const;
export const SUPPORT_LIMITS = {
  messages: { max: 20, windowMs: 60_000 },
  guests: { max: 20, windowMs: 60 * 60_000 },
  historyMax: 500,
  /** A guest whose key is not used for this long (virtual clock) is forgotten: key, conversation, images. */
  guestIdleMs: 24 * 60 * 60_000,
} as const;

/** The automatic answers, in English (a client shows its translation of `kind`). */
const ANSWERS: Record<Kind, string> = {
  greeting: 'Hello! This is online support. How can we help you today?',
  deposit:
    'To deposit, open Deposit: /pages/assets/charge — choose the coin and network and send to the address shown. It is credited after the confirmations listed there.',
  withdraw: 'To withdraw, open Withdraw: /pages/assets/mention — add an address, enter the amount and confirm with your transaction password.',
  handover: 'Thanks, a member of our team will reply here shortly.',
};

/** Words that make a question about deposits or withdrawals, in the app's languages (lower case). */
const TOPICS: Array<[Kind, RegExp]> = [
  [
    'deposit',
    /deposit|recharge|top.?up|einzahl|aufladen|dépôt|depósito|deposito|recarga|ricarica|insättning|uplat|入金|充值|儲值|입금|ฝาก|nạp|yatır|пополн|депозит|إيداع|شحن|depunere/,
  ],
  ['withdraw', /withdraw|auszahl|abheben|retrait|retirer|retir|prelev|prelie|uttag|isplat|出金|提现|提現|提币|출금|ถอน|rút|çek|вывод|снят|سحب|retrag/],
];

interface Guest {
  key: string;
  /** Its owner id: `guest:…` (uploads.ts knows guests by it). */
  owner: string;
  /** Virtual time of the key's last use in a call. */
  usedAt: number;
}

interface Conversation {
  messages: SupportMessage[];
  /** Grows with every change of its messages (one added, some read). */
  version: number;
}

export interface SupportDeps {
  seed: number;
  now: () => number;
  scheduler: Scheduler;
  accounts: Accounts;
  uploads: Uploads;
  onMessage: (owner: string, message: SupportMessage, unread: number) => void;
  onTyping: (owner: string, typing: boolean) => void;
  onRead: (owner: string, until: number) => void;
}

export class Support {
  /** Guests by key. */
  private readonly guests = new Map<string, Guest>();
  /** Guests started: names the next one (guests are forgotten, so not `guests.size`). */
  private guestCount = 0;
  private readonly conversations = new Map<string, Conversation>();
  private readonly ids: OwnedIds;
  private readonly guestStarts: AttemptLimiter;
  private readonly sent: AttemptLimiter;
  /** The owner of the conversation a message was last added to. */
  private latest: string | undefined;
  /** Pages of conversations as last answered (frozen), per owner and query: the same until the conversation changes. */
  private readonly pages = new FrozenCache<Schemas['SupportChat']>(64);

  constructor(private readonly deps: SupportDeps) {
    this.ids = new OwnedIds(deps.seed);
    this.guestStarts = new AttemptLimiter(SUPPORT_LIMITS.guests, deps.now);
    this.sent = new AttemptLimiter(SUPPORT_LIMITS.messages, deps.now);
  }

  /** The guest behind a key, if it is one. */
  guestOf(key: string | undefined): string | undefined {
    return this.guest(key)?.owner;
  }

  private guest(key: string | undefined): Guest | undefined {
    return key === undefined ? undefined : this.guests.get(key.replace(/^Bearer /, ''));
  }

  /** Who is calling: a live session's user, or a guest by its key (which keeps it from expiring); `not_logged_in` otherwise. */
  ownerOf(token: string | undefined): string {
    const user = this.deps.accounts.sessionUser(token);
    if (user) return user;
    const guest = this.guest(token);
    if (!guest) throw notLoggedIn();
    guest.usedAt = this.deps.now();
    return guest.owner;
  }

  /** A device's key: the one it has while this server knows it, else a new one. */
  startGuest(key: string | undefined, client = 'unknown'): { key: string } {
    const known = key ? this.guests.get(key) : undefined;
    if (known) {
      known.usedAt = this.deps.now();
      return { key: known.key };
    }
    this.guestStarts.check(client);
    this.guestStarts.fail(client);
    const guest: Guest = { key: `g_${secretHex(32)}`, owner: `guest:${++this.guestCount}`, usedAt: this.deps.now() };
    this.guests.set(guest.key, guest);
    this.expireLater(guest);
    return { key: guest.key };
  }

  /** Forgets the guest once it has gone unused for `guestIdleMs`: its key, conversation and uploads. */
  private expireLater(guest: Guest): void {
    this.deps.scheduler.at(guest.usedAt + SUPPORT_LIMITS.guestIdleMs, (at) => {
      if (guest.usedAt + SUPPORT_LIMITS.guestIdleMs > at) return this.expireLater(guest);
      this.guests.delete(guest.key);
      this.conversations.delete(guest.owner);
      this.deps.uploads.dropOwner(guest.owner);
      if (this.latest === guest.owner) this.latest = undefined;
    });
  }

  private conversation(owner: string): Conversation {
    let c = this.conversations.get(owner);
    if (!c) {
      c = { messages: [], version: 0 };
      this.conversations.set(owner, c);
      // The greeting of a conversation being opened: the caller sees it at once, so it is read.
      this.add(owner, c, { from: 'agent', kind: 'greeting', text: ANSWERS.greeting, read: true }, false);
    }
    return c;
  }

  private add(owner: string, c: Conversation, m: Omit<SupportMessage, 'id' | 'time'>, announce = true): SupportMessage {
    const message: SupportMessage = { id: this.ids.next('sm', owner), ...m, time: this.deps.now() };
    c.messages.push(message);
    trimChat(c.messages, SUPPORT_LIMITS.historyMax, (id) => this.deps.uploads.dropChat(id));
    c.version++;
    this.latest = owner;
    if (announce) this.deps.onMessage(owner, { ...message }, this.unread(owner));
    return message;
  }

  unread(owner: string): number {
    return (this.conversations.get(owner)?.messages ?? []).filter((m) => m.from === 'agent' && !m.read).length;
  }

  chat(owner: string, q: { before?: string; limit?: number }): Schemas['SupportChat'] {
    const c = this.conversation(owner);
    return this.pages.get(JSON.stringify([owner, q.before, q.limit]), c.version, () => this.page(owner, c.messages, q));
  }

  private page(owner: string, messages: SupportMessage[], q: { before?: string; limit?: number }): Schemas['SupportChat'] {
    const limit = q.limit ?? 30;
    let end = messages.length;
    if (q.before !== undefined) {
      end = messages.findIndex((m) => m.id === q.before);
      if (end < 0) throw new DomainError('not_found', 'This message does not exist');
    }
    const start = Math.max(0, end - limit);
    return { messages: messages.slice(start, end).map((m) => ({ ...m })), hasMore: start > 0, unread: this.unread(owner) };
  }

  send(owner: string, req: Schemas['SupportMessageRequest']): SupportMessage {
    const text = req.text?.trim() ?? '';
    if (!text && !req.image) throw new DomainError('field_required', 'Please enter a message or choose an image');
    this.sent.check(owner);
    if (req.image) this.deps.uploads.claimChat(owner, req.image);
    this.sent.fail(owner);
    const c = this.conversation(owner);
    const message = this.add(owner, c, { from: 'user', ...(text ? { text } : {}), ...(req.image ? { image: req.image } : {}), read: false });
    this.answer(owner, message);
    return { ...message };
  }

  /** The mock agent: reads, types, answers. */
  private answer(owner: string, message: SupportMessage): void {
    const at = message.time;
    this.deps.scheduler.at(at + AGENT_DELAYS.read, () => {
      const c = this.conversations.get(owner)!;
      for (const m of c.messages) if (m.from === 'user' && m.time <= at) m.read = true;
      c.version++;
      this.deps.onRead(owner, at);
      this.deps.onTyping(owner, true);
    });
    this.deps.scheduler.at(at + AGENT_DELAYS.reply, () => {
      const c = this.conversations.get(owner)!;
      const lastAgent = c.messages.findLastIndex((m) => m.from === 'agent');
      const waiting = c.messages.slice(lastAgent + 1);
      // A later message of the same burst answers it all; this one says nothing.
      if (waiting.at(-1) !== message) return;
      this.deps.onTyping(owner, false);
      const text = waiting.map((m) => m.text?.toLowerCase() ?? '').join('\n');
      const kind = TOPICS.find(([, words]) => words.test(text))?.[0] ?? 'handover';
      if (kind === 'handover' && c.messages[lastAgent]?.kind === 'handover') return;
      this.add(owner, c, { from: 'agent', kind, text: ANSWERS[kind], read: false });
    });
  }

  read(owner: string): { unread: number } {
    const c = this.conversations.get(owner);
    for (const m of c?.messages ?? []) if (m.from === 'agent') m.read = true;
    if (c) c.version++;
    return { unread: 0 };
  }

  /**
   * What a person at support types (the control API): into the conversation of `owner`, or of the
   * conversation a message was last added to. Undefined when there is none.
   */
  post(owner: string | undefined, text: string): SupportMessage | undefined {
    const target = owner ?? this.latest;
    if (!target) return undefined;
    return { ...this.add(target, this.conversation(target), { from: 'agent', text, read: false }) };
  }
}
