/**
 * The K-line page's order book: 20 levels a side, drawn by the shared (ui/market)
 * OrderBookView over its live store (useOrderBook), with the last price between the sides.
 */
import { OrderBookView } from '../../../ui/market/OrderBookView';

export const BOOK_LEVELS = 20;

export function BookPanel({ symbol, pricePrecision, amountPrecision }: { symbol: string; pricePrecision: number; amountPrecision: number }) {
  return (
    <div style={{ padding: '4px 12px 8px' }}>
      <OrderBookView symbol={symbol} pricePrecision={pricePrecision} amountPrecision={amountPrecision} levels={BOOK_LEVELS} />
    </div>
  );
}
