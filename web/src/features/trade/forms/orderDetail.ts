/**
 * An order's figures as the ledger moved them, for the order detail (a pure module, no React, no
 * i18n): what was set aside when it was placed, what the fills spent, what came back, the gross
 * received, the fee and what was credited. Each is exact at its field's scale (the contract's
 * Decimal scales: quote settled at `settlementPrecision`, base at `amountPrecision`), so the
 * figures add up to the balance changes to the last unit, where lists and balances, truncated at
 * 2 places, can differ by a cent (a market buy of 1,000 USDT that spent 999.587123 shows 999.58
 * while a balance of 10,000.00 drops to 9,000.41).
 */
import type { components } from '../../../../../contracts/generated/openapi';
import { Big } from '../../../lib/decimal';
import type { SymbolRules } from './orderForm';

type Order = components['schemas']['Order'];

/** An exact amount of a coin and the places it is shown with (its field's scale). */
export interface CoinAmount {
  amount: Big;
  coin: string;
  places: number;
}

export interface OrderBreakdown {
  /** Set aside (frozen) when the order was placed; null when only the fills could tell (a market buy by quantity). */
  reserved: CoinAmount | null;
  /** What the fills took from the balance: the filled value in quote for buys, the base filled for sells. */
  spent: CoinAmount;
  /** What was reserved and not spent, back in available once the order closed; null while open or unknown. */
  returned: CoinAmount | null;
  /** What the fills bought before the fee: the base filled for buys, the proceeds in quote for sells. */
  gross: CoinAmount;
  /** The fee, in the coin received. */
  fee: CoinAmount;
  /** What was credited: gross − fee. */
  received: CoinAmount;
}

const scale = (v: string): number => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0);

export function orderBreakdown(order: Order, rules: SymbolRules): OrderBreakdown {
  const { base, quote, amountPrecision, settlementPrecision } = rules;
  const quoteAt = (amount: Big): CoinAmount => ({ amount, coin: quote, places: settlementPrecision });
  const baseAt = (amount: Big): CoinAmount => ({ amount, coin: base, places: amountPrecision });
  const filled = new Big(order.filled);
  const filledValue = new Big(order.filledAmount);
  const fee: CoinAmount = { amount: new Big(order.fee), coin: order.feeCoin, places: scale(order.fee) };
  const closed = order.status !== 'pending';
  if (order.side === 'sell') {
    // A sell freezes the quantity; the proceeds come in quote, the fee out of them.
    const reserved = baseAt(new Big(order.quantity));
    return {
      reserved,
      spent: baseAt(filled),
      returned: closed ? baseAt(reserved.amount.minus(filled)) : null,
      gross: quoteAt(filledValue),
      fee,
      received: quoteAt(filledValue.minus(fee.amount)),
    };
  }
  // A buy freezes quote: the amount of a market buy by amount, price × quantity rounded up (as the
  // server freezes it) of a limit buy; the fee comes out of the base bought.
  const reserved = order.quoteAmount
    ? quoteAt(new Big(order.quoteAmount))
    : order.type === 'limit' && order.price
      ? quoteAt(new Big(order.price).times(order.quantity).round(settlementPrecision, Big.roundUp))
      : null;
  return {
    reserved,
    spent: quoteAt(filledValue),
    returned: closed && reserved ? quoteAt(reserved.amount.minus(filledValue)) : null,
    gross: baseAt(filled),
    fee,
    received: baseAt(filled.minus(fee.amount)),
  };
}
