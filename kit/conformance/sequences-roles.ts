/**
 * What some chains need that neither a link nor an ok case can say: the user's side in them, or
 * which of the things the first operation makes the link applies to. A link says what feeds what;
 * who may take the step, what the other side did first, and which products allow it is prose
 * (P2pOrderStatus, redeemLock). A chain that follows a role's link runs in that role.
 */
import Big from 'big.js';
import type { OpResult } from '../../contracts/generated/operations.ts';
import { SetupFailed, type Need, type Setup } from './cases/case.ts';
import { trader } from './cases/fiat-1.ts';
import { TX_PASSWORD } from './cases/steps.ts';
import { messageOf } from './context.ts';
import type { CallInput, Exchange } from './http.ts';

export interface Role {
  /** The link (`operation.name`) whose chains run in this role. */
  link: string;
  /** Said after each of the chain's checks. */
  label: string;
  /** The mock's control API (the other side of a P2P order, time passing). */
  needs?: Need[];
  /** Builds the user's state and answers the chain's first request, in place of its operation's ok case. */
  first(s: Setup): Promise<CallInput>;
  firstLabel: string;
  /** Before the step of a link: what the other side, or the user, does first. */
  before?: Record<string, (s: Setup, answer: Exchange) => Promise<void>>;
  /** Fields the user adds to a link's request (its own secret). */
  adds?: Record<string, Record<string, unknown>>;
  /** Beyond ok: what the answer of a link's step must show. */
  then?: Record<string, (answer: Exchange) => string | undefined>;
}

const completed = (answer: Exchange) => {
  const { status } = messageOf<OpResult<'getP2pOrder'>>(answer);
  return status === 'completed' ? undefined : `the order is ${status} after the seller released it, not completed`;
};

/**
 * The release: the user sells into a store's buy ad (verified, a verified bank account, a
 * transaction password, and the coin in the fiat account), the store pays (the mock's control
 * API, `p2p/act`: on a server without one the chain is a skip), and the user releases the coin.
 * A seeded store's own release would not do: the first USDT/USD sell ad listed is the mock's
 * silent store, which never releases.
 */
const SELLER: Role = {
  link: 'placeP2pOrder.release',
  label: 'as the seller',
  needs: ['control'],
  first: async (s) => (await trader(s), { query: { side: 'sell', coin: 'USDT', fiat: 'USD', payment: 'bank' } }),
  firstLabel: "the stores' USDT/USD buy ads that take a bank transfer",
  before: {
    // The link orders the ad's minimum: the coin it takes at the ad's price, in whole USDT and one
    // more, and at least the smallest deposit the server credits.
    'listP2pAds.order': async (s, answer) => {
      const [ad] = messageOf<OpResult<'listP2pAds'>>(answer).items;
      if (!ad) return;
      const need = new Big(ad.min).div(ad.price).round(0, Big.roundUp).plus(1);
      const least = new Big((await s.ok('listCoins')).find((c) => c.coin === 'USDT')?.chains.find((c) => c.chain === 'TRC20')?.minDeposit ?? '0');
      await s.fund((need.gt(least) ? need : least).toFixed(), 'fiat');
    },
    'placeP2pOrder.release': (s, answer) => s.mock('p2p/act', { id: messageOf<{ id: string }>(answer).id, action: 'pay', as: 'buyer' }),
  },
  adds: { 'placeP2pOrder.release': { transactionPassword: TX_PASSWORD } },
  then: { 'placeP2pOrder.release': completed, 'actOnP2pOrder.read': completed },
};

/** Early redemption: a lock of a product that allows it (the lockFunds ok case takes any open product). */
const EARLY: Role = {
  link: 'lockFunds.redeem',
  label: 'redeemable early',
  firstLabel: "a funded lock of an open USDT product's minimum",
  async first(s) {
    const p = (await s.ok('listLockProducts')).find((x) => x.coin === 'USDT' && x.status === 'in_progress' && x.earlyPenaltyRate !== undefined);
    if (!p) throw new SetupFailed('no USDT lock-up product that allows early redemption is open now', true);
    await s.fund(p.minAmount);
    return { body: { productId: p.id, amount: p.minAmount } };
  },
};

export const ROLES: Role[] = [SELLER, EARLY];
