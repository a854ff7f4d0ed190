/** Cases of the lever operations: every one answering ok, and each own code of theirs. */
import Big from 'big.js';
import type { Case, Setup } from './case.ts';
import { farBelow, fixed, leverMarket, leverOrder, listedButNot, listsMade, moreLotsThan, remember, smallLong, tooFine } from './trade-setup.ts';
import { c, unknownId } from './steps.ts';

type Body = Record<string, unknown>;

/** An unfunded user's limit long far below the price, with `change` applied (every check before the margin's). */
const open =
  (change: (b: Body, m: Awaited<ReturnType<typeof leverMarket>>) => Body = (b) => b) =>
  async (s: Setup) => {
    const m = await leverMarket(s);
    return { body: change({ ...smallLong(m), type: 'limit', price: farBelow(m) }, m) };
  };

/** A request about the user's position or delegation: `body` given the order and its symbol. */
const about =
  (kind: 'position' | 'delegation', body: (o: Awaited<ReturnType<typeof leverOrder>>) => Body = ({ order }) => ({ id: order.id })) =>
  async (s: Setup) => ({ body: body(await leverOrder(s, kind)) });

/** A delegation already cancelled. */
const cancelled = async (s: Setup) => {
  const { order } = await leverOrder(s, 'delegation');
  await s.ok('cancelLever', { id: order.id });
  return order;
};

/** A long's close order twice the last price: not reached while the case runs. */
const farAbove = (m: Awaited<ReturnType<typeof leverMarket>>) => fixed(m.last.times(2), m.pricePrecision);

const openCases: Case[] = [
  c('openLever', 'ok', 'a funded market long of the minimum lots at the lowest multiple', async (s) => {
    const m = await leverMarket(s);
    await s.fund('1000', 'lever');
    return { body: { ...smallLong(m), type: 'market' } };
  }),
  c(
    'openLever',
    'price_required',
    'a limit long without a price',
    open(({ price: _, ...b }) => b),
  ),
  c('openLever', 'unknown_symbol', 'a long on a listed market not offered for lever', async (s) => {
    const offered = (await s.ok('listLeverSymbols')).map((x) => x.symbol);
    const symbol = await listedButNot(s, offered);
    return open((b) => ({ ...b, symbol }))(s);
  }),
  c(
    'openLever',
    'lots_out_of_bounds',
    'a long of one lot step more than the maximum lots',
    open((b, m) => ({ ...b, lots: fixed(new Big(m.maxLots).plus(m.lotStep), (m.lotStep.split('.')[1] ?? '').length) })),
  ),
  c(
    'openLever',
    'multiple_not_offered',
    'a long at one more than the highest multiple',
    open((b, m) => ({ ...b, multiple: Math.max(...m.multiples) + 1 })),
  ),
  c(
    'openLever',
    'amount_invalid',
    'a limit long at price 0',
    open((b) => ({ ...b, price: '0' })),
  ),
  c(
    'openLever',
    'amount_precision',
    'a limit long whose take-profit has one decimal more than the symbol allows',
    open((b, m) => ({ ...b, takeProfit: tooFine(m.pricePrecision) })),
  ),
  c(
    'openLever',
    'take_profit_invalid',
    'a limit long whose take-profit is its own price',
    open((b) => ({ ...b, takeProfit: b.price })),
  ),
  c(
    'openLever',
    'stop_loss_invalid',
    'a limit long whose stop-loss is its own price',
    open((b) => ({ ...b, stopLoss: b.price })),
  ),
  c(
    'openLever',
    'insufficient_margin',
    'a market long with an empty lever account',
    open(({ price: _, ...b }) => ({ ...b, type: 'market' })),
  ),
];

const orderCases: Case[] = [
  c('cancelLever', 'ok', 'the user’s delegation cancelled', about('delegation')),
  c('cancelLever', 'not_found', 'an id no lever order has', async () => ({ body: { id: unknownId() } })),
  c('cancelLever', 'order_closed', 'a delegation already cancelled, cancelled again', async (s) => ({ body: { id: (await cancelled(s)).id } })),
  c(
    'setLeverTpSl',
    'ok',
    'a take-profit above and a stop-loss below the user’s long delegation',
    about('delegation', ({ m, order }) => ({
      id: order.id,
      takeProfit: fixed(new Big(order.price!).times(1.5), m.pricePrecision),
      stopLoss: fixed(new Big(order.price!).div(2), m.pricePrecision),
    })),
  ),
  c('setLeverTpSl', 'not_found', 'an id no lever order has', async () => ({ body: { id: unknownId() } })),
  c('setLeverTpSl', 'order_closed', 'a take-profit on a cancelled delegation', async (s) => {
    const order = await cancelled(s);
    return { body: { id: order.id, takeProfit: order.price } };
  }),
  c(
    'setLeverTpSl',
    'amount_invalid',
    'a take-profit of 0 on the user’s delegation',
    about('delegation', ({ order }) => ({ id: order.id, takeProfit: '0' })),
  ),
  c(
    'setLeverTpSl',
    'amount_precision',
    'a stop-loss with one decimal more than the symbol allows',
    about('delegation', ({ m, order }) => ({ id: order.id, stopLoss: tooFine(m.pricePrecision) })),
  ),
  c(
    'setLeverTpSl',
    'take_profit_invalid',
    'a long delegation’s take-profit at its own price',
    about('delegation', ({ order }) => ({ id: order.id, takeProfit: order.price })),
  ),
  c(
    'setLeverTpSl',
    'stop_loss_invalid',
    'a long delegation’s stop-loss at its own price',
    about('delegation', ({ order }) => ({ id: order.id, stopLoss: order.price })),
  ),
  c(
    'listLeverOrders',
    'ok',
    'the delegations, the user’s own among them',
    async (s) => {
      remember(s, (await leverOrder(s, 'delegation')).order.id);
      return { query: { status: 'delegating' } };
    },
    { then: async (s, ex) => listsMade(s, ex, 'the delegation') },
  ),
];

const positionCases: Case[] = [
  c('closeLever', 'ok', 'the user’s open position closed', about('position')),
  c('closeLever', 'not_found', 'an id no lever order has', async () => ({ body: { id: unknownId() } })),
  c('closeLever', 'order_closed', 'a delegation (not an open position) closed', about('delegation')),
  c(
    'closeLever',
    'lots_out_of_bounds',
    'one lot step more than the position holds closed',
    about('position', ({ m, order }) => ({ id: order.id, lots: moreLotsThan(m, order) })),
  ),
  c(
    'closeAllLever',
    'ok',
    'every position closed, the user’s open one among them',
    async (s) => {
      remember(s, (await leverOrder(s, 'position')).order.id);
      return {};
    },
    { then: async (s, ex) => listsMade(s, ex, 'the closed position') },
  ),
  c(
    'placeLeverCloseOrder',
    'ok',
    'a close order at twice the price on the user’s long',
    about('position', ({ m, order }) => ({ id: order.id, price: farAbove(m) })),
  ),
  c('placeLeverCloseOrder', 'not_found', 'an id no lever order has', async () => ({ body: { id: unknownId(), price: '1' } })),
  c(
    'placeLeverCloseOrder',
    'order_closed',
    'a close order on a delegation',
    about('delegation', ({ m, order }) => ({ id: order.id, price: farAbove(m) })),
  ),
  c(
    'placeLeverCloseOrder',
    'amount_invalid',
    'a close order at price 0',
    about('position', ({ order }) => ({ id: order.id, price: '0' })),
  ),
  c(
    'placeLeverCloseOrder',
    'amount_precision',
    'a close order whose price has one decimal more than the symbol allows',
    about('position', ({ m, order }) => ({ id: order.id, price: tooFine(m.pricePrecision) })),
  ),
  c(
    'placeLeverCloseOrder',
    'lots_out_of_bounds',
    'a close order of one lot step more than the position holds',
    about('position', ({ m, order }) => ({ id: order.id, price: farAbove(m), lots: moreLotsThan(m, order) })),
  ),
  c('cancelLeverCloseOrder', 'ok', 'the close order of the user’s position cancelled', async (s) => {
    const { m, order } = await leverOrder(s, 'position');
    await s.ok('placeLeverCloseOrder', { id: order.id, price: farAbove(m) });
    return { body: { id: order.id } };
  }),
  c('cancelLeverCloseOrder', 'not_found', 'the user’s open position without a close order', about('position')),
  c('cancelLeverCloseOrder', 'order_closed', 'a delegation (not an open position)', about('delegation')),
];

const readCases: Case[] = [
  c('listLeverSymbols', 'ok', 'the lever symbols', async () => ({})),
  c('getLeverAccount', 'ok', 'the lever account after a deposit to it', async (s) => {
    await s.fund('100', 'lever');
    return {};
  }),
];

export const tradeCases2: Case[] = [...readCases, ...openCases, ...orderCases, ...positionCases];
