/**
 * Issue #11 item 4, exact decimal formats: every `Decimal` the mock sends (REST answers and socket
 * events) is printed with exactly the scale of its field, fixed, no exponent. The test drives the
 * money and market flows, walks every answer and event payload along the contract's own schemas
 * (so it finds every field that is a `Decimal`, by the schema that holds it, e.g. `Order.fee`), and
 * checks each value's number of decimals against the rule of its field below. The scales come from
 * what the wire itself says: a coin's `precision` (listCoins), a symbol's `pricePrecision`,
 * `amountPrecision`, `quotePrecision` and `settlementPrecision` (listTickers). A Decimal field with
 * no rule here fails the test, so a new field must be given its scale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { eventPayload, operationResponse, walk, type Found, type Json, type Owner } from './decimal-format-walk';
import { route, type Delivery } from './realtime';
import { send } from './test-client';

/** USDT values (usdtValue, usdtTotal, withdrawal limits): the USDT markets' quotePrecision, 2. */
const VALUE_SCALE = 2;
/** A percentage (change24h). */
const PERCENT_SCALE = 2;
/** A flash-exchange rate (units of `to` per unit of `from`). */
const RATE_SCALE = 8;

interface Context {
  coins: Map<string, number>;
  symbols: Map<string, Json>;
  /** The lever terms of each lever symbol (listLeverSymbols). */
  leverSymbols: Map<string, Json>;
  /** The symbol of an answer that does not name it (getTrades). */
  symbol?: string;
}

/** The scale a field requires, or `as-is` for values sent as configured (rates). */
type Rule = (self: Json, owners: Owner[], ctx: Context) => number | 'as-is';

const coin = (ctx: Context, c: string) => {
  const p = ctx.coins.get(c);
  if (p === undefined) throw new Error(`no precision for coin ${c}`);
  return p;
};
/** The ticker of the symbol the field belongs to: its own object's, the nearest enclosing one's, or the request's. */
const symbolOf = (self: Json, owners: Owner[], ctx: Context) => {
  const name = self?.symbol ?? [...owners].reverse().find((o) => typeof o.value?.symbol === 'string')?.value.symbol ?? ctx.symbol;
  const t = ctx.symbols.get(name);
  if (!t) throw new Error(`no ticker for symbol ${name}`);
  return t;
};
const price: Rule = (s, o, c) => symbolOf(s, o, c).pricePrecision;
const base: Rule = (s, o, c) => symbolOf(s, o, c).amountPrecision;
const quote: Rule = (s, o, c) => symbolOf(s, o, c).quotePrecision;
const settled: Rule = (s, o, c) => symbolOf(s, o, c).settlementPrecision;
const ownCoin: Rule = (s, _o, c) => coin(c, s.coin);
const value: Rule = () => VALUE_SCALE;
const asIs: Rule = () => 'as-is';
/** Lever amounts are in USDT, the lever account's coin. */
const leverUsdt: Rule = (_s, _o, c) => coin(c, 'USDT');
/** Lots at the scale of the lever symbol's lotStep. */
const lots: Rule = (s, o, c) => {
  const name = s?.symbol ?? [...o].reverse().find((x) => typeof x.value?.symbol === 'string')?.value.symbol;
  const step = String(c.leverSymbols.get(name)?.lotStep ?? '');
  if (!step) throw new Error(`no lever terms for ${name}`);
  return scaleOf(step);
};

/** The rule of every Decimal field the mock sends. */
const RULES: Record<string, Rule> = {
  'Settings.withdrawalLimits.mobile': value,
  'Settings.withdrawalLimits.realName': value,
  'Settings.withdrawalLimits.advanced': value,
  'Settings.fiatRates.*': asIs,
  'Settings.spotFeeRate': asIs,
  // Fiat (P2P): prices and limits at the fiat's decimals (VND none), what an ad has left at its coin's,
  // completion rates as fractions of 4 decimals.
  'P2pAd.price': (s) => (s.fiat === 'VND' ? 0 : 2),
  'P2pAd.min': (s) => (s.fiat === 'VND' ? 0 : 2),
  'P2pAd.max': (s) => (s.fiat === 'VND' ? 0 : 2),
  'P2pAd.available': ownCoin,
  'P2pStoreSummary.completionRate': () => 4,
  'P2pStoreSummary.completionRate30d': () => 4,
  'P2pStore.completionRate': () => 4,
  'P2pStore.completionRate30d': () => 4,
  'LeverSymbol.contractSize': base,
  'LeverSymbol.minLots': lots,
  'LeverSymbol.maxLots': lots,
  'LeverSymbol.lotStep': asIs,
  'LeverSymbol.feeRate': asIs,
  'LeverSymbol.overnightRate': asIs,
  'LeverSymbol.liquidationLine': asIs,
  'LeverOrder.lots': lots,
  'LeverOrder.quantity': base,
  'LeverOrder.price': price,
  'LeverOrder.openPrice': price,
  'LeverOrder.closePrice': price,
  'LeverOrder.takeProfit': price,
  'LeverOrder.margin': leverUsdt,
  'LeverOrder.openFee': leverUsdt,
  'LeverOrder.closeFee': leverUsdt,
  'LeverOrder.overnightFee': leverUsdt,
  'LeverOrder.realizedPnl': leverUsdt,
  'LeverCloseOrder.price': price,
  'LeverCloseOrder.lots': lots,
  'LeverAccount.balance': leverUsdt,
  'LeverAccount.available': leverUsdt,
  'LeverAccount.positionMargin': leverUsdt,
  'LeverAccount.delegationFrozen': leverUsdt,
  'LeverAccount.unrealizedPnl': leverUsdt,
  'LeverAccount.equity': leverUsdt,
  'LeverAccount.riskRate': () => 4,
  'LeverAccount.liquidationLine': asIs,
  'User.withdrawalLimit': value,
  'User.withdrawalLimitLeft': value,
  'ChainInfo.minDeposit': (_s, o, c) => coin(c, o.find((x) => x.name === 'CoinInfo')!.value.coin),
  'ChainInfo.minWithdraw': (_s, o, c) => coin(c, o.find((x) => x.name === 'CoinInfo')!.value.coin),
  'ChainInfo.withdrawFee': (_s, o, c) => coin(c, o.find((x) => x.name === 'CoinInfo')!.value.coin),
  'DepositAddress.minDeposit': ownCoin,
  'Balance.available': ownCoin,
  'Balance.frozen': ownCoin,
  'Balance.usdtValue': value,
  'AccountBalances.usdtTotal': value,
  'Wallet.usdtTotal': value,
  'UserBalance.available': ownCoin,
  'UserBalance.frozen': ownCoin,
  'Record.amount': ownCoin,
  'IeoProject.price': (s, _o, c) => coin(c, s.payCoin),
  'IeoProject.issuePrice': (s, _o, c) => coin(c, s.payCoin),
  'IeoProject.marketValue': (s, _o, c) => coin(c, s.payCoin),
  'IeoProject.supply': ownCoin,
  'IeoProject.requested': ownCoin,
  'IeoProject.minQuantity': ownCoin,
  'IeoProject.maxQuantity': ownCoin,
  'IeoSubscription.quantity': ownCoin,
  // Paid in USDT (the subscription names only the coin it buys).
  'IeoSubscription.paid': (_s, _o, c) => coin(c, 'USDT'),
  'IeoSubscription.estimatedRevenue': (_s, _o, c) => coin(c, 'USDT'),
  'IeoSubscription.marketPrice': (_s, _o, c) => coin(c, 'USDT'),
  'IeoSubscription.marketPnl': (_s, _o, c) => coin(c, 'USDT'),
  'LoanProduct.minAmount': ownCoin,
  'LoanProduct.maxAmount': ownCoin,
  // Loans are in USDT (the quote's owner has no coin field).
  'LoanQuote.principal': (_s, _o, c) => coin(c, 'USDT'),
  'LoanQuote.interest': (_s, _o, c) => coin(c, 'USDT'),
  'LoanQuote.total': (_s, _o, c) => coin(c, 'USDT'),
  'LoanInstalment.principal': (_s, _o, c) => coin(c, 'USDT'),
  'LoanInstalment.interest': (_s, _o, c) => coin(c, 'USDT'),
  'LoanInstalment.amount': (_s, _o, c) => coin(c, 'USDT'),
  'LockProduct.minAmount': ownCoin,
  'LockProduct.maxAmount': ownCoin,
  'MiningMachine.price': ownCoin,
  'MiningMachine.dailyOutput': (s, _o, c) => coin(c, s.outputCoin),
  'SavingsProduct.minAmount': ownCoin,
  'SavingsProduct.maxAmount': ownCoin,
  'SavingsProduct.totalDeposit': ownCoin,
  'EarnPosition.principal': ownCoin,
  'EarnPosition.price': ownCoin,
  'EarnPosition.penalty': ownCoin,
  'EarnPosition.returned': ownCoin,
  'EarnPosition.payout': (s, _o, c) => coin(c, s.payoutCoin),
  'EarnPosition.earned': (s, _o, c) => coin(c, s.payoutCoin),
  'EarnPosition.total': (s, _o, c) => coin(c, s.payoutCoin),
  'BalanceLogEntry.available': ownCoin,
  'BalanceLogEntry.frozen': ownCoin,
  'BalanceLogEntry.availableAfter': ownCoin,
  'BalanceLogEntry.frozenAfter': ownCoin,
  'Record.toAmount': (s, _o, c) => coin(c, s.toCoin),
  // The fee is charged in what the user receives: `toCoin` for an exchange, else `coin`.
  'Record.fee': (s, _o, c) => coin(c, s.toCoin ?? s.coin),
  'FlashQuote.amount': (s, _o, c) => coin(c, s.from),
  'FlashQuote.fee': (s, _o, c) => coin(c, s.to),
  'FlashQuote.receive': (s, _o, c) => coin(c, s.to),
  'FlashQuote.rate': () => RATE_SCALE,
  'FlashQuote.feeRate': asIs,
  'Order.price': price,
  'Order.avgPrice': price,
  'Order.quantity': base,
  'Order.filled': base,
  'Order.quoteAmount': quote,
  'Order.filledAmount': settled,
  // Buys pay the fee in the base coin (amountPrecision), sells in the quote coin (settlementPrecision).
  'Order.fee': (s, o, c) => (s.feeCoin === symbolOf(s, o, c).base ? base(s, o, c) : settled(s, o, c)),
  'Ticker.last': price,
  'Ticker.open24h': price,
  'Ticker.high24h': price,
  'Ticker.low24h': price,
  'Ticker.change24h': () => PERCENT_SCALE,
  'Ticker.volume24h': base,
  'Ticker.quoteVolume24h': quote,
  'TickerChange.last': price,
  'TickerChange.open24h': price,
  'TickerChange.high24h': price,
  'TickerChange.low24h': price,
  'TickerChange.change24h': () => PERCENT_SCALE,
  'TickerChange.volume24h': base,
  'TickerChange.quoteVolume24h': quote,
  'Candle.open': price,
  'Candle.high': price,
  'Candle.low': price,
  'Candle.close': price,
  'Candle.volume': base,
  'PriceLevel.0': price,
  'PriceLevel.1': base,
  'Trade.price': price,
  'Trade.quantity': base,
};

const scaleOf = (v: string) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0);

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TOPICS = ['tickers', 'depth:BTC/USDT', 'depth:ETH/BTC', 'trades:BTC/USDT', 'trades:ETH/BTC', 'kline:BTC/USDT:1min', 'kline:ETH/BTC:1day'];

describe('decimal formats on the wire', () => {
  const found: Found[] = [];
  const ctx: Context = { coins: new Map(), symbols: new Map(), leverSymbols: new Map() };
  let token: string | undefined;

  beforeAll(() => {
    const world = new World({ seed: 11, freezeClock: true });
    const call = (id: OperationId, body?: unknown, query: Record<string, string> = {}, symbol?: string) => {
      const res = send(world, id, { body, query, token });
      expect(res.body.type, `${id}: ${res.body.code} ${res.body.message}`).toBe('ok');
      walk(operationResponse(id), res.body, 'openapi', symbol ? [{ name: 'request', value: { symbol } }] : [], [], id, found);
      return res.body.message;
    };
    // Every private event; the first 40 of each public room (one a virtual second, all alike).
    const perRoom = new Map<string, number>();
    const event = (d: Delivery) => {
      const n = perRoom.get(d.room) ?? 0;
      perRoom.set(d.room, n + 1);
      if (d.room.startsWith('user:') || n < 40) walk(eventPayload(d.event), d.payload, 'asyncapi', [], [], `event ${d.event}`, found);
    };

    for (const c of call('listCoins') as Json[]) ctx.coins.set(c.coin, c.precision);
    for (const t of call('listTickers') as Json[]) ctx.symbols.set(t.symbol, t);
    call('getSettings');
    const p2pAds = call('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'USD', sort: 'completion' }).items as Json[];
    call('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'VND' });
    call('getP2pStore', undefined, { id: p2pAds[0].store.id });
    const core = route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => TOPICS, deliver: event });
    core.subscribe({ topics: TOPICS }).snapshots.forEach(event);

    token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
    call('getCurrentUser');
    call('getWallet');
    call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' });
    call('getDepositAddress', undefined, { coin: 'BTC', chain: 'BTC' });

    // Money in: deposits (the '1200.5'), a recharge.
    call('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '1200.5' });
    call('sandboxDeposit', { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    world.clock.advance(10_000);
    const voucher = call('uploadImage', { image: PNG }).id;
    const address = call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' }).address;
    call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount: '500.5', address, voucher });
    world.clock.advance(60_000);

    // Transfers, a withdrawal to success, flash exchange both ways.
    call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '3000.25' });
    call('transfer', { coin: 'BTC', from: 'funds', to: 'exchange', amount: '0.2' });
    call('transfer', { coin: 'ETH', from: 'funds', to: 'exchange', amount: '1' });
    call('sendCode', { account: 'demo@example.com', scene: 'security' });
    const ad = call('addAddress', { coin: 'USDT', chain: 'TRC20', address: 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy', code: '123456' });
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    call('withdraw', { coin: 'USDT', chain: 'TRC20', addressId: ad.id, amount: '100.5', transactionPassword: '482915' });
    world.clock.advance(100_000);
    call('flashExchange', { quoteId: call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.1' }).id });
    call('flashExchange', { quoteId: call('flashQuote', { from: 'USDT', to: 'ETH', amount: '100' }).id });

    // Spot: resting limit orders both sides, market orders by amount and by quantity, a crossing
    // limit order, a cancel, the same on a BTC-quoted market; then resting orders fill over time.
    const last = Number(world.market.ticker('BTC/USDT').last);
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: (last * 0.999).toFixed(2), quantity: '0.01' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: (last * 1.001).toFixed(2), quantity: '0.01' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: '1000' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quantity: '0.003' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'market', quantity: '0.05' });
    const ask = world.liquidity.book('BTC/USDT').asks[0][0];
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: (Number(ask) * 1.001).toFixed(2), quantity: '0.02' });
    call('cancelOrder', { id: call('placeOrder', { symbol: 'ETH/USDT', side: 'buy', type: 'limit', price: '100.00', quantity: '1' }).id });
    call('placeOrder', { symbol: 'ETH/BTC', side: 'buy', type: 'market', quoteAmount: '0.012345' });
    call('placeOrder', { symbol: 'ETH/BTC', side: 'sell', type: 'market', quantity: '0.1' });
    // Earn: a lock-up redeemed early (its penalty), a machine paying in BTC, a savings deposit.
    call('listIeoProjects');
    call('subscribeIeo', { projectId: 'io_ton', quantity: '100.5' });
    call('listLoanProducts');
    call('quoteLoan', undefined, { productId: 'ln_credit', amount: '3333.33', days: '180', method: 'instalments' });
    call('listLockProducts');
    call('listMiningMachines');
    call('listSavingsProducts');
    call('redeemLock', { id: call('lockFunds', { productId: 'lk_usdt_30', amount: '600.5' }).id });
    call('buyMachine', { machineId: 'mc_s19', quantity: 1 });
    call('depositSavings', { productId: 'sv_usdt_30', amount: '100.25' });
    for (let i = 0; i < 300; i++) world.clock.advance(1000);

    call('listOrders', undefined, { status: 'all' });
    call('listRecords', undefined, { pageSize: '100' });
    call('listEarnPositions', undefined, { pageSize: '100' });
    for (const kind of ['funds', 'exchange']) call('listBalanceLog', undefined, { kind, pageSize: '100' });
    call('getWallet');
    call('listTickers');
    call('getKline', undefined, { symbol: 'BTC/USDT', period: '1min', limit: '20' });
    call('getKline', undefined, { symbol: 'ETH/BTC', period: '1mon', limit: '20' });
    call('getOrderBook', undefined, { symbol: 'BTC/USDT' });
    call('getOrderBook', undefined, { symbol: 'SHIB/USDT' });
    call('getTrades', undefined, { symbol: 'BTC/USDT' }, 'BTC/USDT');
    call('getTrades', undefined, { symbol: 'ETH/BTC' }, 'ETH/BTC');

    // Lever: a position with a close order, part of it closed, a limit close, the account.
    for (const t of call('listLeverSymbols') as Json[]) ctx.leverSymbols.set(t.symbol, t);
    call('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '500.5' });
    const btc = Number(world.market.ticker('BTC/USDT').last);
    const position = call('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '3', multiple: 20, takeProfit: (btc * 1.1).toFixed(2) });
    call('openLever', { symbol: 'ETH/USDT', side: 'short', type: 'limit', price: '100.00', lots: '1', multiple: 10 });
    call('placeLeverCloseOrder', { id: position.id, price: (btc * 1.05).toFixed(2), lots: '2' });
    call('closeLever', { id: position.id, lots: '1' });
    call('listLeverOrders', undefined, { status: 'all' });
    call('getLeverAccount');
  });

  it('every Decimal field has a scale rule, and every rule is exercised', () => {
    const keys = new Set(found.map((f) => f.key));
    expect([...keys].filter((k) => !RULES[k]).sort(), 'Decimal fields without a scale rule').toEqual([]);
    expect(
      Object.keys(RULES).filter((k) => !keys.has(k)),
      'rules no flow reached',
    ).toEqual([]);
    // Socket events are covered too, not only REST answers.
    for (const e of ['balances', 'record', 'order', 'tickers', 'kline', 'depth', 'trades'])
      expect(
        found.some((f) => f.where.startsWith(`event ${e}`)),
        e,
      ).toBe(true);
  });

  it('every Decimal has exactly the scale of its field (fixed, no exponent, no "-0")', () => {
    const wrong = new Map<string, string[]>();
    for (const f of found) {
      const rule = RULES[f.key];
      if (!rule) continue;
      const self = f.owners.at(-1)?.value;
      const scale = rule(self, f.owners, ctx);
      const problem = !/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(f.value)
        ? 'not a plain decimal'
        : /^-0(\.0*)?$/.test(f.value)
          ? 'negative zero'
          : scale !== 'as-is' && scaleOf(f.value) !== scale
            ? `scale ${scaleOf(f.value)}, wants ${scale}`
            : null;
      if (!problem) continue;
      const list = wrong.get(f.key) ?? [];
      if (list.length < 3) list.push(`${f.where} = '${f.value}' (${problem})`);
      wrong.set(f.key, list);
    }
    expect(Object.fromEntries(wrong)).toEqual({});
  });
});
