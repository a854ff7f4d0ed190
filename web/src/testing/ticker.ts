/** A whole ticker for the client's tests: its symbol ("BTC/USDT"), last price and time. */
import type { Ticker } from '../api/market';

export const testTicker = (symbol: string, last: string, time = 1000): Ticker => ({
  symbol,
  base: symbol.split('/')[0],
  quote: symbol.split('/')[1],
  last,
  // Fixed, not derived from `last`: an update that moves `last` leaves these as they were.
  open24h: '100.00',
  high24h: '110.00',
  low24h: '90.00',
  change24h: '0.00',
  volume24h: '5.0000',
  quoteVolume24h: '500.00',
  pricePrecision: 2,
  amountPrecision: 4,
  quotePrecision: 2,
  settlementPrecision: 6,
  time,
});
