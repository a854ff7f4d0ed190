/**
 * What a user is told about their own things that changed without their action at that moment: a
 * resting order filled, a position closed by a trigger or liquidation, the other side's P2P step, a
 * loan decided, debited or overdue, an IEO allocation. Each function reads an area's object as its
 * event carries it and answers the notices it means for that user; each notice has a key, so that
 * an object announced again in the same state tells nothing new (Messages.notify).
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinAmount } from '../assets/coins.ts';
import type { Order as P2pOrder } from '../fiat/model.ts';
import { fiatPlaces } from '../fiat/model.ts';
import { PAY, type IeoSubscriptionState } from '../ieo/ieo.ts';
import type { LeverOrder } from '../lever/entry.ts';
import { COIN as LOAN_COIN, money, type Loan } from '../loans/loans.ts';
import type { Order as SpotOrder } from '../trade/trade.ts';

type Schemas = components['schemas'];

export interface Notice {
  kind: Schemas['MessageKind'];
  params: Record<string, string>;
  subject?: Schemas['MessageSubject'];
  /** Once per key: the same fact announced again is not told twice. */
  key: string;
}

/** The record changes a user is told of, by `type:status`. */
const RECORD_KINDS: Readonly<Record<string, Notice['kind']>> = {
  'deposit:credited': 'deposit_credited',
  'recharge:success': 'deposit_credited',
  'recharge:failure': 'recharge_rejected',
  'withdrawal:success': 'withdrawal_done',
  'withdrawal:failure': 'withdrawal_failed',
};

/** A deposit credited, a recharge rejected, a withdrawal done or failed. */
export function recordNotices(record: Schemas['Record']): Notice[] {
  const kind = RECORD_KINDS[`${record.type}:${record.status}`];
  return kind ? [{ kind, params: { amount: record.amount, coin: record.coin }, key: `${record.id}:${record.status}` }] : [];
}

/**
 * A resting spot limit order that filled completely after it was placed (one filled at once is the
 * answer the user saw): the orders heard waiting are remembered until they end.
 */
export function spotNotices(): (order: SpotOrder) => Notice[] {
  const waiting = new Set<string>();
  return (order) => {
    if (order.status === 'pending') {
      waiting.add(order.id);
      return [];
    }
    if (!waiting.delete(order.id) || order.status !== 'completed') return [];
    const [coin] = order.symbol.split('/');
    return [
      {
        kind: 'order_filled',
        params: { symbol: order.symbol, side: order.side, quantity: order.filled, price: order.avgPrice ?? order.price ?? '', coin },
        subject: { type: 'spot_order', id: order.id },
        key: `order:${order.id}:filled`,
      },
    ];
  };
}

/**
 * A delegation that opened at its price (heard delegating first: a market open is the answer the
 * user saw); a position closed by a trigger, a limit close or liquidation (not by the user).
 */
export function leverNotices(): (order: LeverOrder) => Notice[] {
  const delegating = new Set<string>();
  return (order) => {
    const subject = { type: 'lever_order', id: order.id } as const;
    if (order.status === 'delegating') {
      delegating.add(order.id);
      return [];
    }
    if (delegating.delete(order.id) && order.status === 'dealing') {
      return [
        {
          kind: 'lever_opened',
          params: { symbol: order.symbol, side: order.side, lots: order.lots, price: order.openPrice ?? '' },
          subject,
          key: `lever:${order.id}:opened`,
        },
      ];
    }
    if (order.status !== 'closed' || !order.closeReason || order.closeReason === 'user') return [];
    if (order.closeReason === 'liquidation')
      return [{ kind: 'lever_liquidated', params: { symbol: order.symbol, count: '1' }, subject, key: `lever:${order.id}:closed` }];
    return [
      {
        kind: 'lever_closed',
        params: { symbol: order.symbol, reason: order.closeReason, price: order.closePrice ?? '', pnl: order.realizedPnl ?? '' },
        subject,
        key: `lever:${order.id}:closed`,
      },
    ];
  };
}

/** The steps of a P2P order that the other side (or the timer, or support) took, as `userId`'s side is told them. */
export function p2pNotices(userId: string, order: P2pOrder): Notice[] {
  const role = userId === order.buyer ? 'buyer' : userId === order.seller ? 'seller' : null;
  if (!role) return [];
  const params = {
    orderNo: order.orderNo,
    amount: order.amount.toFixed(fiatPlaces(order.fiat)),
    fiat: order.fiat,
    quantity: coinAmount(order.coin, order.quantity),
    coin: order.coin,
  };
  const subject = { type: 'p2p_order', id: order.id } as const;
  const notice = (kind: Notice['kind'], fact: string, extra: Record<string, string> = {}): Notice => ({
    kind,
    params: { ...params, ...extra },
    subject,
    key: `p2p:${order.id}:${userId}:${fact}`,
  });
  const out: Notice[] = [];
  if (order.paidAt !== undefined && role === 'seller') out.push(notice('p2p_paid', 'paid'));
  if (order.appeal && order.appeal.by !== role) out.push(notice('p2p_appeal_opened', `appeal:${order.appeal.openedAt}`));
  // Support's decision says who got the coin: it is the one message for both sides.
  if (order.appeal?.status === 'decided') out.push(notice('p2p_appeal_decided', `decided:${order.appeal.openedAt}`, { outcome: order.appeal.outcome ?? '' }));
  else if (order.status === 'completed' && order.settled === 'released' && role === 'buyer') out.push(notice('p2p_released', 'released'));
  else if (order.status === 'cancelled' && order.cancelledBy && order.cancelledBy !== role)
    out.push(notice('p2p_cancelled', 'cancelled', { by: order.cancelledBy }));
  return out;
}

/** A loan decided, an instalment taken at its due time, an instalment that could not be taken. */
export function loanNotices(loan: Loan): Notice[] {
  const subject = { type: 'loan', id: loan.id } as const;
  const coin = LOAN_COIN;
  const out: Notice[] = [];
  if (loan.status === 'rejected')
    out.push({ kind: 'loan_rejected', params: { amount: money(loan.principal), coin }, subject, key: `loan:${loan.id}:rejected` });
  if (loan.issuedAt !== undefined) out.push({ kind: 'loan_approved', params: { amount: money(loan.principal), coin }, subject, key: `loan:${loan.id}:issued` });
  const count = String(loan.schedule.length);
  for (const i of loan.schedule) {
    const due = i.principal.plus(i.interest);
    if (i.paidAt === i.dueAt) {
      out.push({ kind: 'loan_instalment_paid', params: { amount: money(due), coin, n: String(i.n), count }, subject, key: `loan:${loan.id}:paid:${i.n}` });
    }
  }
  const overdue = (loan.status === 'broken' || loan.status === 'expired') && loan.schedule.find((i) => i.paidAt === undefined);
  if (overdue) {
    out.push({
      kind: 'loan_overdue',
      params: { amount: money(overdue.principal.plus(overdue.interest)), coin, n: String(overdue.n) },
      subject,
      key: `loan:${loan.id}:overdue:${overdue.n}`,
    });
  }
  return out;
}

/** An IEO subscription allocated (and what came back), then its tokens distributed. */
export function ieoNotices(s: IeoSubscriptionState): Notice[] {
  const subject = { type: 'ieo_subscription', id: s.id } as const;
  const { name, coin } = s.round;
  const out: Notice[] = [];
  if (s.allocated !== undefined) {
    out.push({
      kind: 'ieo_allocated',
      params: { name, quantity: coinAmount(coin, s.allocated), coin, refund: coinAmount(PAY, s.refund!), paidCoin: PAY },
      subject,
      key: `ieo:${s.id}:allocated`,
    });
  }
  if (s.status === 'distributed')
    out.push({
      kind: 'ieo_distributed',
      params: { name, quantity: coinAmount(coin, s.allocated ?? s.quantity), coin },
      subject,
      key: `ieo:${s.id}:distributed`,
    });
  return out;
}
