/**
 * System messages: what the platform tells a user about their own account, created from the
 * domain's events (a welcome on registration, a credited deposit or recharge, a withdrawal done or
 * failed, an identity review decided, a lever liquidation), plus announcements the control API
 * posts. Each has a `kind` and `params` a client translates with, and English `title` and `body`
 * for a client that does not know the kind. Newest first; read on opening, or all at once.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type SystemMessage = Schemas['SystemMessage'];
type Kind = Schemas['MessageKind'];
type Params = Record<string, string>;
type WalletRecord = Schemas['Record'];

/** The message a record's new status brings, if any. */
function kindOf(record: WalletRecord): Kind | null {
  if ((record.type === 'deposit' && record.status === 'credited') || (record.type === 'recharge' && record.status === 'success')) return 'deposit_credited';
  if (record.type === 'recharge' && record.status === 'failure') return 'recharge_rejected';
  if (record.type === 'withdrawal' && record.status === 'success') return 'withdrawal_done';
  if (record.type === 'withdrawal' && record.status === 'failure') return 'withdrawal_failed';
  return null;
}

/** A user's inbox keeps the newest this many. */
export const INBOX_MAX = 500;

const TEXT: Record<Kind, (p: Params) => [title: string, body: string]> = {
  welcome: () => ['Welcome', 'Your account is ready. Deposit to start trading, and turn on your security settings.'],
  deposit_credited: (p) => ['Deposit credited', `${p.amount} ${p.coin} has been credited to your funds account.`],
  recharge_rejected: (p) => ['Recharge not approved', `Your recharge of ${p.amount} ${p.coin} was not approved. Check the amount and the payment voucher.`],
  withdrawal_done: (p) => ['Withdrawal completed', `Your withdrawal of ${p.amount} ${p.coin} has been sent.`],
  withdrawal_failed: (p) => ['Withdrawal failed', `Your withdrawal of ${p.amount} ${p.coin} failed and the amount was returned to your funds account.`],
  identity_verified: () => ['Verification approved', 'Your identity verification has been approved.'],
  identity_rejected: () => ['Verification not approved', 'Your identity verification was not approved. Please submit it again.'],
  lever_liquidated: (p) => ['Lever position closed', `Your ${p.symbol} position was closed at the liquidation line.`],
  announcement: (p) => [p.title ?? 'Announcement', p.body ?? ''],
};

export class Messages {
  private readonly ids: OwnedIds;
  private readonly inbox = new Map<string, SystemMessage[]>();
  /** Records already announced, per outcome (a record's same state may be sent twice). */
  private readonly announced = new Set<string>();

  constructor(
    seed: number,
    private readonly now: () => number,
    private readonly onMessage: (userId: string, message: SystemMessage, unread: number) => void,
  ) {
    this.ids = new OwnedIds(seed);
  }

  /** Sends a message of `kind` to a user. */
  send(userId: string, kind: Kind, params: Params = {}): SystemMessage {
    const [title, body] = TEXT[kind](params);
    const message: SystemMessage = {
      id: this.ids.next('msg', userId),
      kind,
      title,
      body,
      ...(Object.keys(params).length ? { params } : {}),
      read: false,
      time: this.now(),
    };
    const list = this.inbox.get(userId) ?? [];
    list.unshift(message);
    list.length = Math.min(list.length, INBOX_MAX);
    this.inbox.set(userId, list);
    this.onMessage(userId, { ...message }, this.unread(userId));
    return message;
  }

  /** Sends what a wallet record's change means to its owner (a credited deposit…), once per record and outcome. */
  aboutRecord(userId: string, record: WalletRecord): void {
    const kind = kindOf(record);
    const key = `${record.id}:${record.status}`;
    if (!kind || this.announced.has(key)) return;
    this.announced.add(key);
    this.send(userId, kind, { amount: record.amount, coin: record.coin });
  }

  unread(userId: string): number {
    return (this.inbox.get(userId) ?? []).filter((m) => !m.read).length;
  }

  list(userId: string, q: { page?: number; pageSize?: number }): Schemas['MessagePage'] {
    const { items, ...page } = paged(this.inbox.get(userId) ?? [], q);
    return { ...page, items: items.map((m) => ({ ...m })), unread: this.unread(userId) };
  }

  /** Marks one message read and answers it (whole, as the detail page shows it). */
  read(userId: string, id: string): SystemMessage {
    const m = (this.inbox.get(userId) ?? []).find((x) => x.id === id);
    if (!m) throw new DomainError('not_found', 'This message does not exist');
    m.read = true;
    return { ...m };
  }

  readAll(userId: string): { unread: number } {
    for (const m of this.inbox.get(userId) ?? []) m.read = true;
    return { unread: 0 };
  }
}
