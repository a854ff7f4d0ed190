/**
 * The fiat (P2P) order state machine, in one table: which side may do what from which state, and
 * where it leads. Everything that moves an order goes through `transition`, which checks the
 * actor and the state and says why not otherwise.
 *
 * | action          | who            | from                   | to                                |
 * |-----------------|----------------|------------------------|-----------------------------------|
 * | pay             | buyer          | waiting_payment        | paid                              |
 * | cancel          | buyer, seller  | waiting_payment        | cancelled (escrow back to seller) |
 * | expire          | the clock      | waiting_payment        | cancelled (escrow back to seller) |
 * | confirm         | seller         | paid, abnormal         | completed (escrow to the buyer)   |
 * | abnormal        | seller         | paid                   | abnormal (the money did not come) |
 * | appeal          | buyer, seller  | paid, abnormal         | appeal (under rights protection)  |
 * | withdraw_appeal | who appealed   | appeal                 | the state before the appeal       |
 * | decide_buyer    | support        | appeal                 | completed (escrow to the buyer)   |
 * | decide_seller   | support        | appeal                 | cancelled (escrow back to seller) |
 *
 * completed and cancelled are final. The spec's "withdrawn" is an appeal withdrawn by the side
 * that opened it: the order goes back to where it was and keeps the appeal, marked withdrawn.
 */
import { DomainError } from '../kernel/errors.ts';

export type P2pStatus = 'waiting_payment' | 'paid' | 'abnormal' | 'appeal' | 'completed' | 'cancelled';
export type P2pActor = 'buyer' | 'seller' | 'support' | 'clock';
export type P2pAction = 'pay' | 'cancel' | 'expire' | 'confirm' | 'abnormal' | 'appeal' | 'withdraw_appeal' | 'decide_buyer' | 'decide_seller';

export const FINAL: ReadonlySet<P2pStatus> = new Set<P2pStatus>(['completed', 'cancelled']);

export const TRANSITIONS: Record<P2pAction, { actors: readonly P2pActor[]; from: readonly P2pStatus[]; to: P2pStatus | 'before_appeal' }> = {
  pay: { actors: ['buyer'], from: ['waiting_payment'], to: 'paid' },
  cancel: { actors: ['buyer', 'seller'], from: ['waiting_payment'], to: 'cancelled' },
  expire: { actors: ['clock'], from: ['waiting_payment'], to: 'cancelled' },
  confirm: { actors: ['seller'], from: ['paid', 'abnormal'], to: 'completed' },
  abnormal: { actors: ['seller'], from: ['paid'], to: 'abnormal' },
  appeal: { actors: ['buyer', 'seller'], from: ['paid', 'abnormal'], to: 'appeal' },
  withdraw_appeal: { actors: ['buyer', 'seller'], from: ['appeal'], to: 'before_appeal' },
  decide_buyer: { actors: ['support'], from: ['appeal'], to: 'completed' },
  decide_seller: { actors: ['support'], from: ['appeal'], to: 'cancelled' },
};

/** The actions `actor` may take on an order in `status` (what a client offers as buttons). */
export function allowed(status: P2pStatus, actor: P2pActor): P2pAction[] {
  return (Object.keys(TRANSITIONS) as P2pAction[]).filter((a) => TRANSITIONS[a].actors.includes(actor) && TRANSITIONS[a].from.includes(status));
}

/** Where `action` by `actor` takes an order in `status`, or the reason it cannot. */
export function transition(status: P2pStatus, action: P2pAction, actor: P2pActor, beforeAppeal?: P2pStatus): P2pStatus {
  const t = TRANSITIONS[action];
  if (!t.actors.includes(actor)) throw new DomainError('p2p_not_your_action', 'This action is for the other side of the order');
  if (FINAL.has(status)) throw new DomainError('p2p_order_closed', 'This order is already completed or cancelled');
  if (!t.from.includes(status)) throw new DomainError('p2p_wrong_state', 'This action is not possible in the order’s current state').with({ status });
  return t.to === 'before_appeal' ? (beforeAppeal ?? 'paid') : t.to;
}
