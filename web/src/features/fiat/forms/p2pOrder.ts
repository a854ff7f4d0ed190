/**
 * The order form's arithmetic, as the server does it: by fiat amount, the quantity is the amount ÷
 * price truncated to the coin's precision and what is paid that quantity × price rounded up; by
 * quantity, the amount is quantity × price rounded up. Then the ad's limits.
 */
import { Big } from '../../../lib/decimal';

export type Mode = 'amount' | 'quantity';

export interface OrderTerms {
  price: string;
  min: string;
  max: string;
  /** Coin the ad still offers or buys. */
  available: string;
  coinPlaces: number;
  fiatPlaces: number;
}

export interface OrderFigures {
  quantity: Big;
  amount: Big;
  /** Why it cannot be placed as typed. */
  problem?: 'below' | 'above' | 'zero';
}

export function figures(mode: Mode, typed: Big, t: OrderTerms): OrderFigures {
  const price = new Big(t.price);
  const quantity = mode === 'quantity' ? typed.round(t.coinPlaces, Big.roundDown) : typed.div(price).round(t.coinPlaces, Big.roundDown);
  const amount = quantity.times(price).round(t.fiatPlaces, Big.roundUp);
  if (quantity.lte(0)) return { quantity, amount, problem: 'zero' };
  if (amount.lt(t.min)) return { quantity, amount, problem: 'below' };
  if (amount.gt(t.max) || quantity.gt(t.available)) return { quantity, amount, problem: 'above' };
  return { quantity, amount };
}

/** The largest order the ad allows, in the mode's unit: its max, or all it has left when that is less. */
export function largest(mode: Mode, t: OrderTerms): Big {
  const price = new Big(t.price);
  const byMax = new Big(t.max).div(price).round(t.coinPlaces, Big.roundDown);
  const quantity = byMax.lt(t.available) ? byMax : new Big(t.available);
  return mode === 'quantity' ? quantity : quantity.times(price).round(t.fiatPlaces, Big.roundDown);
}
