/**
 * What an earn product pays, computed as the server does (the contract's formulas), so the user
 * sees the exact figures before confirming: every payment is truncated to the coin's decimals.
 */
import { Big } from '../../../lib/decimal';

/** The penalty of an early redemption: amount × penalty rate, rounded up to the coin's decimals. */
export const earlyPenalty = (amount: Big, rate: string, places: number): Big => amount.times(rate).round(places, Big.roundUp);

/** Lock-up: each day amount × daily rate, truncated; the total of the term; the penalty of an early redemption. */
export function lockEstimate(amount: Big, dailyRate: string, days: number, places: number, penaltyRate?: string) {
  const daily = amount.times(dailyRate).round(places, Big.roundDown);
  return { daily, total: daily.times(days), penalty: penaltyRate ? earlyPenalty(amount, penaltyRate, places) : undefined };
}

/** Savings: amount × annual rate × days / 365, truncated, paid with the amount at maturity. */
export function savingsInterest(amount: Big, rate: string, days: number, places: number): Big {
  return amount.times(rate).times(days).div(365).round(places, Big.roundDown);
}

/** Most shares one order buys (the contract's BuyMachineRequest.quantity maximum, pinned by a test). */
export const MAX_SHARES = 100;

/** A machine order: what it costs now, what it pays each day and over its cycle. */
export function machineEstimate(price: string, dailyOutput: string, days: number, quantity: number) {
  const daily = new Big(dailyOutput).times(quantity);
  return { cost: new Big(price).times(quantity), daily, total: daily.times(days) };
}
