/** The BTC/USDT market's rules as the order-form tests use them (the demo market's precisions). */
import type { SymbolRules } from './orderForm';

export const BTC_USDT: SymbolRules = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 5,
  quotePrecision: 2,
  settlementPrecision: 6,
};
