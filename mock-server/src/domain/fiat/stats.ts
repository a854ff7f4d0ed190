/**
 * What a buyer weighs a store by, as Binance P2P shows it, from the store's real orders (and a
 * seeded store's orders from before the world started, model.ts `StoreHistory`), on the virtual
 * clock:
 *
 * - all time: orders placed, completed, and completed ÷ placed (`completionRate`);
 * - the last 30 days (P2P_TIMES.recordMs): orders placed (`orders30d`); the completion rate of the
 *   orders that ended (`completionRate30d`): completed ÷ (completed + ended against the merchant),
 *   where against the merchant is cancelled by the merchant, not paid in time by a merchant who
 *   was buying, or decided by support against the merchant; orders the other side cancelled or
 *   let lapse, and orders still open, do not count; none when no order counts;
 * - the average release time (`avgReleaseSeconds`): from the buyer's payment to the merchant's
 *   release, over the sales the merchant released itself in the last 30 days (support's decisions
 *   are not the merchant's speed); none without one;
 * - presence: a user's store is online for P2P_TIMES.onlineMs after its merchant last did
 *   something in it; a simulated merchant also during its daily working hours (UTC, seeded per
 *   store). `lastSeenAt` is now while online, else when it last was.
 */
import Big from 'big.js';
import { DAY } from '../market/candles.ts';
import { P2P_TIMES, type Order, type PastOrder, type Store } from './model.ts';

const HOUR = 3_600_000;

export interface StoreStats {
  totalOrders: number;
  completedOrders: number;
  completionRate: string;
  orders30d: number;
  completionRate30d?: string;
  avgReleaseSeconds?: number;
  online: boolean;
  lastSeenAt: number;
}

/** A fraction to 4 decimals, truncated. */
const rate = (part: number, whole: number) => new Big(part).div(whole).round(4, Big.roundDown).toFixed(4);

/** How one real order of a store counts in its record, once it has ended (as a PastOrder). */
export function asPast(store: Store, order: Order): PastOrder | undefined {
  if (order.finishedAt === undefined) return undefined;
  const merchant = order.seller === store.owner ? 'seller' : 'buyer';
  if (order.status === 'completed') {
    const released = merchant === 'seller' && order.paidAt !== undefined && order.appeal?.status !== 'decided';
    return { at: order.finishedAt, outcome: 'completed', ...(released ? { releaseMs: order.finishedAt - order.paidAt! } : {}) };
  }
  const by = order.cancelledBy;
  const against =
    by === merchant ||
    (by === 'timeout' && merchant === 'buyer') ||
    // Support decided for the seller: against the merchant who was buying.
    (by === 'support' && merchant === 'buyer');
  return { at: order.finishedAt, outcome: against ? 'failed_merchant' : 'failed_other' };
}

/** Whether a store is online at `now`, and when it was last seen. */
export function presence(store: Store, now: number): { online: boolean; lastSeenAt: number } {
  let lastSeenAt = store.lastActiveAt;
  let online = now - store.lastActiveAt < P2P_TIMES.onlineMs;
  if (store.hours) {
    const into = (((now - store.hours.start * HOUR) % DAY) + DAY) % DAY;
    const length = store.hours.length * HOUR;
    if (into < length) online = true;
    else lastSeenAt = Math.max(lastSeenAt, now - (into - length));
  }
  return { online, lastSeenAt: online ? now : lastSeenAt };
}

/** A store's record and presence at `now`; `orders` are the store's own real orders. */
export function storeStats(store: Store, orders: readonly Order[], now: number): StoreStats {
  const since = now - P2P_TIMES.recordMs;
  const ended = [...store.history.recent, ...orders.map((o) => asPast(store, o)).filter((p) => p !== undefined)].filter((p) => p.at >= since);
  const completed30d = ended.filter((p) => p.outcome === 'completed').length;
  const counted = completed30d + ended.filter((p) => p.outcome === 'failed_merchant').length;
  const releases = ended.flatMap((p) => (p.releaseMs !== undefined ? [p.releaseMs] : []));
  const total = store.history.total + orders.length;
  const completed = store.history.completed + orders.filter((o) => o.status === 'completed').length;
  return {
    totalOrders: total,
    completedOrders: completed,
    completionRate: total ? rate(completed, total) : '0.0000',
    // Seeded orders count as placed when they ended (their record keeps one time).
    orders30d: store.history.recent.filter((p) => p.at >= since).length + orders.filter((o) => o.createdAt >= since).length,
    ...(counted ? { completionRate30d: rate(completed30d, counted) } : {}),
    ...(releases.length ? { avgReleaseSeconds: Math.floor(releases.reduce((a, b) => a + b, 0) / releases.length / 1000) } : {}),
    ...presence(store, now),
  };
}
