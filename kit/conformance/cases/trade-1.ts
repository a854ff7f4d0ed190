/** Cases of the market and spot trade operations: every one answering ok, and each own code of theirs. */
import type { Case, Setup } from './case.ts';
import { listsMade, placedBuy, remember, restingBuy, spotMarket, tooFine, UNLISTED } from './trade-setup.ts';
import { c, unknownId } from './steps.ts';

const symbolOf = async (s: Setup) => (await spotMarket(s)).symbol;

const market: Case[] = [
  c('getOrderBook', 'ok', 'the book of a listed market', async (s) => ({ query: { symbol: await symbolOf(s) } })),
  c('getOrderBook', 'unknown_symbol', 'the book of a symbol no market lists', async () => ({ query: { symbol: UNLISTED } })),
  c('getTrades', 'ok', 'the trades of a listed market', async (s) => ({ query: { symbol: await symbolOf(s) } })),
  c('getTrades', 'unknown_symbol', 'the trades of a symbol no market lists', async () => ({ query: { symbol: UNLISTED } })),
  c('listTickers', 'ok', 'every ticker', async () => ({})),
  c('getKline', 'ok', 'the 1-minute candles of a listed market', async (s) => ({ query: { symbol: await symbolOf(s), period: '1min' } })),
  c('getKline', 'unknown_symbol', 'the candles of a symbol no market lists', async () => ({ query: { symbol: UNLISTED, period: '1min' } })),
  c('setFavorite', 'ok', 'a listed market starred', async (s) => ({ body: { symbol: await symbolOf(s), favorite: true } }), {
    async then(s) {
      const symbol = await symbolOf(s);
      return (await s.ok('listFavorites')).includes(symbol) ? undefined : `listFavorites does not list ${symbol} after it was starred`;
    },
  }),
  c('setFavorite', 'unknown_symbol', 'a symbol no market lists unstarred', async () => ({ body: { symbol: UNLISTED, favorite: false } })),
  c(
    'listFavorites',
    'ok',
    'the favourites after a market was starred',
    async (s) => {
      await s.ok('setFavorite', { symbol: await symbolOf(s), favorite: true });
      return {};
    },
    {
      async then(s, ex) {
        const symbol = await symbolOf(s);
        return (ex.body as { message: string[] }).message.includes(symbol) ? undefined : `the starred ${symbol} is not listed`;
      },
    },
  ),
];

/** A limit buy of the listed market without funding, with `change` applied. */
const buy = (change: (b: ReturnType<typeof restingBuy>) => Record<string, unknown>) => async (s: Setup) => ({
  body: change(restingBuy(await spotMarket(s))),
});

const trade: Case[] = [
  c('placeOrder', 'ok', 'a funded limit buy at half the last price', async (s) => {
    const t = await spotMarket(s);
    await s.fund('100', 'exchange');
    return { body: restingBuy(t) };
  }),
  c(
    'placeOrder',
    'price_required',
    'a limit buy without a price',
    buy(({ price: _, ...b }) => b),
  ),
  c(
    'placeOrder',
    'quantity_required',
    'a limit buy without a quantity',
    buy(({ quantity: _, ...b }) => b),
  ),
  c(
    'placeOrder',
    'amount_required',
    'a market buy with neither quantity nor quoteAmount',
    buy(({ symbol }) => ({ symbol, side: 'buy', type: 'market' })),
  ),
  c(
    'placeOrder',
    'unknown_symbol',
    'a limit buy on a symbol no market lists',
    buy((b) => ({ ...b, symbol: UNLISTED })),
  ),
  c(
    'placeOrder',
    'amount_invalid',
    'a limit buy at price 0',
    buy((b) => ({ ...b, price: '0' })),
  ),
  c('placeOrder', 'amount_precision', 'a limit buy whose price has one decimal more than the market allows', async (s) => {
    const t = await spotMarket(s);
    return { body: { ...restingBuy(t), price: tooFine(t.pricePrecision) } };
  }),
  c(
    'placeOrder',
    'no_liquidity',
    'a market buy of more than the whole ask side holds',
    buy(({ symbol }) => ({ symbol, side: 'buy', type: 'market', quantity: '999999999999999' })),
  ),
  c(
    'placeOrder',
    'insufficient_balance',
    'a limit buy costing more than the empty exchange balance',
    buy((b) => b),
  ),
  c('cancelOrder', 'ok', 'the user’s resting limit buy cancelled', async (s) => ({ body: { id: (await placedBuy(s)).id } })),
  c('cancelOrder', 'not_found', 'an id no order has', async () => ({ body: { id: unknownId() } })),
  c('cancelOrder', 'order_closed', 'an order already cancelled, cancelled again', async (s) => {
    const { id } = await placedBuy(s);
    await s.ok('cancelOrder', { id });
    return { body: { id } };
  }),
  c(
    'listOrders',
    'ok',
    'the open orders, the user’s resting limit buy among them',
    async (s) => {
      remember(s, (await placedBuy(s)).id);
      return { query: { status: 'open' } };
    },
    { then: async (s, ex) => listsMade(s, ex, 'the resting order') },
  ),
];

export const tradeCases1: Case[] = [...market, ...trade];
