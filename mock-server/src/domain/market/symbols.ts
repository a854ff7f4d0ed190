/** The listed spot markets: base and quote coin, starting price, precisions and how they move. */

export interface SymbolSpec {
  base: string;
  /** USDT unless given. */
  quote?: string;
  price: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Standard deviation of the log return over one minute. */
  sigma: number;
  /** Typical base volume traded per minute. */
  volume: number;
}

export const USDT = 'USDT';
/** Decimals the matching engine keeps quote amounts at (frozen, settled: filledAmount, sell fees): Ticker.settlementPrecision. */
export const SETTLEMENT_PRECISION = 6;
/** Decimals of amounts in each quote coin a user gives (a market buy's quoteAmount) and of market totals (quoteVolume24h). */
export const QUOTE_PRECISION: Record<string, number> = { USDT: 2, BTC: 6 };
// prettier-ignore
export const SPECS: SymbolSpec[] = [
  { base: 'BTC', price: '64250.00', pricePrecision: 2, amountPrecision: 5, sigma: 0.0009, volume: 1.4 },
  { base: 'ETH', price: '3120.50', pricePrecision: 2, amountPrecision: 4, sigma: 0.0011, volume: 18 },
  { base: 'BNB', price: '585.40', pricePrecision: 2, amountPrecision: 3, sigma: 0.0010, volume: 40 },
  { base: 'SOL', price: '148.62', pricePrecision: 2, amountPrecision: 3, sigma: 0.0014, volume: 260 },
  { base: 'XRP', price: '0.5231', pricePrecision: 4, amountPrecision: 1, sigma: 0.0013, volume: 90000 },
  { base: 'ADA', price: '0.4512', pricePrecision: 4, amountPrecision: 1, sigma: 0.0014, volume: 70000 },
  { base: 'DOGE', price: '0.12345', pricePrecision: 5, amountPrecision: 0, sigma: 0.0018, volume: 400000 },
  { base: 'TRX', price: '0.1198', pricePrecision: 4, amountPrecision: 1, sigma: 0.0008, volume: 150000 },
  { base: 'DOT', price: '6.842', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 3000 },
  { base: 'LTC', price: '82.31', pricePrecision: 2, amountPrecision: 3, sigma: 0.0012, volume: 150 },
  { base: 'LINK', price: '14.256', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 2000 },
  { base: 'AVAX', price: '28.44', pricePrecision: 2, amountPrecision: 2, sigma: 0.0016, volume: 900 },
  { base: 'UNI', price: '7.915', pricePrecision: 3, amountPrecision: 2, sigma: 0.0016, volume: 1500 },
  { base: 'ATOM', price: '8.213', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 1300 },
  { base: 'XLM', price: '0.10821', pricePrecision: 5, amountPrecision: 0, sigma: 0.0012, volume: 120000 },
  { base: 'ETC', price: '24.87', pricePrecision: 2, amountPrecision: 2, sigma: 0.0014, volume: 500 },
  { base: 'FIL', price: '5.412', pricePrecision: 3, amountPrecision: 2, sigma: 0.0017, volume: 2500 },
  { base: 'NEAR', price: '5.863', pricePrecision: 3, amountPrecision: 2, sigma: 0.0018, volume: 2800 },
  { base: 'APT', price: '8.941', pricePrecision: 3, amountPrecision: 2, sigma: 0.0019, volume: 1400 },
  { base: 'ARB', price: '0.9126', pricePrecision: 4, amountPrecision: 1, sigma: 0.0019, volume: 15000 },
  { base: 'OP', price: '1.8734', pricePrecision: 4, amountPrecision: 1, sigma: 0.0019, volume: 7000 },
  { base: 'TON', price: '6.512', pricePrecision: 3, amountPrecision: 2, sigma: 0.0013, volume: 2600 },
  { base: 'BCH', price: '378.15', pricePrecision: 2, amountPrecision: 3, sigma: 0.0012, volume: 45 },
  { base: 'SHIB', price: '0.00001823', pricePrecision: 8, amountPrecision: 0, sigma: 0.0020, volume: 900000000 },
  // BTC markets: they start at the cross rate of the USDT markets and then walk on their own.
  { base: 'ETH', quote: 'BTC', price: '0.04857', pricePrecision: 5, amountPrecision: 3, sigma: 0.0007, volume: 6 },
  { base: 'BNB', quote: 'BTC', price: '0.009111', pricePrecision: 6, amountPrecision: 2, sigma: 0.0007, volume: 12 },
  { base: 'SOL', quote: 'BTC', price: '0.002313', pricePrecision: 6, amountPrecision: 2, sigma: 0.0010, volume: 80 },
  { base: 'XRP', quote: 'BTC', price: '0.00000814', pricePrecision: 8, amountPrecision: 0, sigma: 0.0010, volume: 30000 },
  { base: 'LTC', quote: 'BTC', price: '0.001281', pricePrecision: 6, amountPrecision: 2, sigma: 0.0009, volume: 40 },
  { base: 'LINK', quote: 'BTC', price: '0.0002219', pricePrecision: 7, amountPrecision: 1, sigma: 0.0011, volume: 600 },
];
