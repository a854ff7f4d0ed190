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
import { readFileSync } from 'node:fs';
import Big from 'big.js';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASYNCAPI, OPENAPI } from '../../../codegen/generators/paths';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { route, type Delivery } from './realtime';
import { send } from './test-client';

type Json = any;
type Doc = 'openapi' | 'asyncapi';
/** The bundles (codegen/bundle.ts): asyncapi.yaml's holds the REST schemas its payloads reuse. */
const DOCS: Record<Doc, Json> = {
  openapi: parse(readFileSync(OPENAPI, 'utf8')),
  asyncapi: parse(readFileSync(ASYNCAPI, 'utf8')),
};

/** USDT values (usdtValue, usdtTotal, withdrawal limits): the USDT markets' quotePrecision, 2. */
const VALUE_SCALE = 2;
/** A percentage (change24h). */
const PERCENT_SCALE = 2;
/** A flash-exchange rate (units of `to` per unit of `from`). */
const RATE_SCALE = 8;

interface Owner {
  /** The contract schema that holds the field (Order, Record, Ticker...). */
  name: string;
  value: Json;
}

interface Found {
  where: string;
  /** `Schema.field` (`Schema.a.b` inside an unnamed nested object, `*` for a map's values, an index in a tuple). */
  key: string;
  value: string;
  owners: Owner[];
}

interface Context {
  coins: Map<string, number>;
  symbols: Map<string, Json>;
  /** The symbol of an answer that does not name it (getTrades). */
  symbol?: string;
}

function pointer(doc: Doc, fragment: string): Json {
  return fragment
    .replace(/^\//, '')
    .split('/')
    .reduce((node: Json, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], DOCS[doc]);
}

function resolve(ref: string, doc: Doc): { schema: Json; name: string; doc: Doc } {
  const [file, fragment] = ref.split('#');
  const target: Doc = file ? (file.includes('openapi') ? 'openapi' : 'asyncapi') : doc;
  return { schema: pointer(target, fragment), name: fragment.split('/').pop()!, doc: target };
}

/** Collects every Decimal in `value`, walking it along `schema` (a node of `doc`). */
function walk(schema: Json, value: Json, doc: Doc, owners: Owner[], rel: string[], where: string, out: Found[]): void {
  if (schema === undefined || value === undefined || value === null) return;
  if (schema.$ref) {
    const r = resolve(schema.$ref, doc);
    if (r.name === 'Decimal') {
      out.push({ where, key: [owners.at(-1)?.name ?? '?', ...rel].join('.'), value, owners });
      return;
    }
    walk(r.schema, value, r.doc, [...owners, { name: r.name, value }], [], where, out);
    return;
  }
  if (schema.oneOf) {
    // Only envelopes are unions: the `ok` branch for an ok answer.
    const branch = (schema.oneOf as Json[]).map((b) => (b.$ref ? resolve(b.$ref, doc).schema : b)).find((b) => b.properties?.type?.const === value.type);
    if (!branch) throw new Error(`${where}: no oneOf branch for type ${value.type}`);
    walk(branch, value, doc, owners, rel, where, out);
    return;
  }
  if (Array.isArray(value)) {
    // A tuple (prefixItems, or a fixed length such as PriceLevel's [price, quantity]) names its positions.
    const tuple = Boolean(schema.prefixItems) || (schema.minItems !== undefined && schema.minItems === schema.maxItems);
    value.forEach((item, i) => walk(schema.prefixItems?.[i] ?? schema.items, item, doc, owners, tuple ? [...rel, String(i)] : rel, `${where}[${i}]`, out));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const named = schema.properties?.[k];
      const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      walk(named ?? extra, v, doc, owners, [...rel, named ? k : '*'], `${where}.${k}`, out);
    }
  }
}

function operationResponse(id: OperationId): Json {
  for (const item of Object.values(DOCS.openapi.paths) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      if (op?.operationId === id) return op.responses['200'].content['application/json'].schema;
    }
  }
  throw new Error(`no operation ${id}`);
}

function eventPayload(event: string): Json {
  const message = resolve(DOCS.asyncapi.channels.root.messages[event].$ref, 'asyncapi').schema;
  return message.payload;
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

/** The rule of every Decimal field the mock sends. */
const RULES: Record<string, Rule> = {
  'Settings.withdrawalLimits.mobile': value,
  'Settings.withdrawalLimits.realName': value,
  'Settings.withdrawalLimits.advanced': value,
  'Settings.fiatRates.*': asIs,
  'Settings.spotFeeRate': asIs,
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
  const ctx: Context = { coins: new Map(), symbols: new Map() };
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

/**
 * The rounding table, seen from the wire: a fee is rounded up, an amount received down, an amount
 * paid up, a value only shown (valuation, statistic, average) truncated; everything else is exact.
 */
describe('rounding on the wire follows the table', () => {
  const world = new World({ seed: 12, freezeClock: true });
  let token: string | undefined;
  const call = (id: OperationId, body?: unknown) => {
    const res = send(world, id, { body, query: {}, token });
    expect(res.body.type, `${id}: ${res.body.code} ${res.body.message}`).toBe('ok');
    return res.body.message;
  };
  const DOWN = Big.roundDown;
  const UP = Big.roundUp;

  beforeAll(() => {
    token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
    call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '5000' });
    call('transfer', { coin: 'BTC', from: 'funds', to: 'exchange', amount: '0.2' });
  });

  it('flash exchange: the rate and the amount received round down, the fee up (at the coin precision)', () => {
    const last = world.market.ticker('BTC/USDT').last;
    const q = call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.123' });
    expect(q.rate).toBe(new Big(last).times('0.998').round(8, DOWN).toFixed(8));
    const gross = new Big(q.amount).times(q.rate);
    expect(q.fee).toBe(gross.times('0.001').round(6, UP).toFixed(6));
    expect(q.receive).toBe(gross.minus(q.fee).round(6, DOWN).toFixed(6));
    const record = call('flashExchange', { quoteId: q.id });
    expect(record).toMatchObject({ amount: '-0.12300000', toAmount: q.receive, fee: q.fee });
  });

  it('spot buy: the cost is rounded up and the fee (base coin) up; avgPrice is the fill price', () => {
    const [ask] = world.liquidity.book('BTC/USDT').asks[0];
    const order = call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: ask, quantity: '0.00123' });
    expect(order).toMatchObject({ status: 'completed', price: ask, avgPrice: ask, filled: '0.00123', quantity: '0.00123' });
    expect(order.filledAmount).toBe(new Big(ask).times('0.00123').round(6, UP).toFixed(6));
    expect(order.fee).toBe(new Big('0.00123').times('0.001').round(5, UP).toFixed(5));
  });

  it('spot sell: the proceeds are rounded down and the fee (quote coin) up; avgPrice is the fill price', () => {
    const [bid] = world.liquidity.book('BTC/USDT').bids[0];
    const order = call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: bid, quantity: '0.00123' });
    expect(order).toMatchObject({ status: 'completed', avgPrice: bid, filled: '0.00123' });
    const proceeds = new Big(bid).times('0.00123').round(6, DOWN);
    expect(order.filledAmount).toBe(proceeds.toFixed(6));
    expect(order.fee).toBe(proceeds.times('0.001').round(6, UP).toFixed(6));
  });

  it('values only shown are truncated: change24h, quoteVolume24h of a BTC market, usdtValue', () => {
    world.clock.advance(90_000);
    const tickers = call('listTickers') as Json[];
    for (const t of tickers) {
      const change = new Big(t.last).minus(t.open24h).div(t.open24h).times(100).round(2, DOWN);
      expect(t.change24h, t.symbol).toBe(change.eq(0) ? '0.00' : change.toFixed(2));
    }
    expect(tickers.find((t) => t.symbol === 'ETH/BTC').quoteVolume24h).toMatch(/^\d+\.\d{6}$/);
    const btc = (call('getWallet').accounts as Json[]).find((a) => a.kind === 'funds').balances.find((b: Json) => b.coin === 'BTC');
    const last = world.market.ticker('BTC/USDT').last;
    expect(btc.usdtValue).toBe(new Big(btc.available).plus(btc.frozen).times(last).round(2, DOWN).toFixed(2));
  });
});
