/**
 * System messages: what the platform tells a user about their own account, created from the
 * domain's events (a welcome on registration, a credited deposit or recharge, a withdrawal done or
 * failed, an identity review decided, and the notices of notices.ts: fills, triggers,
 * liquidations, P2P steps, loans, IEO allocations), plus announcements the control API posts.
 * Each has a `kind` and `params` a client translates with, a `subject` to link to, and English
 * `title` and `body` for a client that does not know the kind. Newest first; read on opening, or
 * all at once. Liquidations of one moment are one message, updated in place.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';
import type { Notice } from './notices.ts';

type Schemas = components['schemas'];
export type SystemMessage = Schemas['SystemMessage'];
type Kind = Schemas['MessageKind'];
type Params = Record<string, string>;

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
  order_filled: (p) => ['Order filled', `Your limit ${p.side} order of ${p.quantity} ${p.coin} on ${p.symbol} filled at ${p.price}.`],
  lever_opened: (p) => ['Lever order opened', `Your ${p.symbol} ${p.side} limit order of ${p.lots} lots opened at ${p.price}.`],
  lever_closed: (p) => ['Lever position closed', `Your ${p.symbol} position was closed (${p.reason}) at ${p.price}; realized ${p.pnl} USDT.`],
  lever_liquidated: (p) =>
    p.count === '1'
      ? ['Lever position liquidated', `Your ${p.symbol} position was closed at the liquidation line.`]
      : ['Lever positions liquidated', `${p.count} positions (${p.symbol}) were closed at the liquidation line.`],
  p2p_paid: (p) => [
    'Buyer has paid',
    `The buyer marked order ${p.orderNo} (${p.amount} ${p.fiat}) paid. Check your account, then release ${p.quantity} ${p.coin}.`,
  ],
  p2p_released: (p) => ['Coin released', `${p.quantity} ${p.coin} of order ${p.orderNo} was released to your fiat account.`],
  p2p_cancelled: (p) => ['P2P order cancelled', `Order ${p.orderNo} (${p.amount} ${p.fiat}) was cancelled (${p.by}).`],
  p2p_appeal_opened: (p) => ['Appeal opened', `The other side opened an appeal on order ${p.orderNo}. Support will review it.`],
  p2p_appeal_decided: (p) => ['Appeal decided', `Support decided the appeal on order ${p.orderNo} for the ${p.outcome}.`],
  loan_approved: (p) => ['Loan approved', `Your loan of ${p.amount} ${p.coin} was paid out to your funds account.`],
  loan_rejected: (p) => ['Loan not approved', `Your loan application of ${p.amount} ${p.coin} was not approved.`],
  loan_instalment_paid: (p) => ['Instalment repaid', `Instalment ${p.n} of ${p.count}, ${p.amount} ${p.coin}, was taken from your funds account.`],
  loan_overdue: (p) => [
    'Loan overdue',
    `Instalment ${p.n}, ${p.amount} ${p.coin}, could not be taken from your funds account. Repay it to bring the loan back on schedule.`,
  ],
  ieo_allocated: (p) => [
    'IEO allocation',
    `You were allocated ${p.quantity} ${p.coin} in ${p.name}; ${p.refund} ${p.paidCoin} came back to your funds account.`,
  ],
  ieo_distributed: (p) => ['IEO tokens distributed', `${p.quantity} ${p.coin} of ${p.name} were credited to your funds account.`],
  announcement: (p) => [p.title ?? 'Announcement', p.body ?? ''],
};

export class Messages {
  private readonly ids: OwnedIds;
  private readonly inbox = new Map<string, SystemMessage[]>();
  /** The keys of the notices told (an object's same state may be announced twice). */
  private readonly announced = new Set<string>();

  constructor(
    seed: number,
    private readonly now: () => number,
    private readonly onMessage: (userId: string, message: SystemMessage, unread: number) => void,
  ) {
    this.ids = new OwnedIds(seed);
  }

  /** Sends a message of `kind` to a user. */
  send(userId: string, kind: Kind, params: Params = {}, subject?: SystemMessage['subject']): SystemMessage {
    const [title, body] = TEXT[kind](params);
    const message: SystemMessage = {
      id: this.ids.next('msg', userId),
      kind,
      title,
      body,
      ...(Object.keys(params).length ? { params } : {}),
      ...(subject ? { subject } : {}),
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

  /**
   * Tells a user a notice, once per its key. A liquidation joins the user's newest message when
   * that one is an unread liquidation of the same moment: one message counts them all.
   */
  notify(userId: string, notice: Notice): void {
    if (this.announced.has(notice.key)) return;
    this.announced.add(notice.key);
    const newest = this.inbox.get(userId)?.[0];
    if (notice.kind === 'lever_liquidated' && newest?.kind === notice.kind && !newest.read && newest.time === this.now() && newest.params) {
      const symbols = new Set([...newest.params.symbol.split(', '), notice.params.symbol]);
      const params = { symbol: [...symbols].join(', '), count: String(Number(newest.params.count) + 1) };
      [newest.title, newest.body] = TEXT[notice.kind](params);
      newest.params = params;
      this.onMessage(userId, { ...newest }, this.unread(userId));
      return;
    }
    this.send(userId, notice.kind, notice.params, notice.subject);
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
