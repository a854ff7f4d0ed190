/** Market: tickers, the order book, trades, K-lines and the user's favourite symbols. */
import type { OpResult } from '../../../../contracts/generated/operations.ts';
import { deepFreeze } from '../../domain/kernel/frozen.ts';
import type { KlinePeriod } from '../../domain/market/market.ts';
import type { Handlers } from '../operations.ts';

/** A frozen copy of each second's tickers (the market keeps one list per second). */
const frozenTickers = new WeakMap<object, OpResult<'listTickers'>>();

export const market = {
  getOrderBook: ({ world, query }) => world.liquidity.depth(query.symbol, query.limit ?? 20),
  getTrades: ({ world, query }) => world.liquidity.trades(query.symbol, query.limit ?? 30),
  listTickers: ({ world }) => {
    const tickers = world.market.tickers();
    let copy = frozenTickers.get(tickers);
    if (!copy) frozenTickers.set(tickers, (copy = deepFreeze(tickers.map((t) => ({ ...t })))));
    return copy;
  },
  listFavorites: ({ world, userId }) => world.favorites.list(userId),
  setFavorite: ({ world, body, userId }) => world.favorites.set(userId, body.symbol, body.favorite),
  getKline: ({ world, query }) => ({
    symbol: query.symbol,
    period: query.period,
    candles: world.market.kline(query.symbol, query.period as KlinePeriod, query.limit ?? 200, query.to),
  }),
} satisfies Partial<Handlers>;
