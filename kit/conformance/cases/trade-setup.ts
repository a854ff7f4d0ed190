/**
 * Setup steps the market, trade, lever and second cases share. Symbols, terms and precisions come
 * from the server's public lists (listTickers, listLeverSymbols, getSecondTerms, listCoins), never
 * from the contract's examples, so the cases hold on any server and on a mock run before.
 */
import Big from 'big.js';
import type { OpResult } from '../../../contracts/generated/operations.ts';
import { messageOf } from '../context.ts';
import type { Exchange } from '../http.ts';
import { SetupFailed, type Setup } from './case.ts';

type Ticker = OpResult<'listTickers'>[number];
type LeverSymbol = OpResult<'listLeverSymbols'>[number];
export type LeverOrder = OpResult<'openLever'>;

/** A symbol of the right form that no market lists. */
export const UNLISTED = 'ZZZQ/USDT';

/** `value` truncated to `places` decimals, printed with exactly that many. */
export const fixed = (value: Big.BigSource, places: number) => new Big(value).round(places, Big.roundDown).toFixed(places);

/** A positive decimal with one place more than `places` allows. */
export const tooFine = (places: number) => `1.${'0'.repeat(places)}1`;

/** What a case's setup made (an order's id), for its `then` to look for: one per case, keyed by its Setup. */
const made = new WeakMap<Setup, string>();
export const remember = (s: Setup, id: string) => (made.set(s, id), id);

/** Complains unless the answer (a list, or a page's items) holds what the setup made. */
export const listsMade = (s: Setup, ex: Exchange, what: string) => {
  const id = made.get(s);
  const items = messageOf<{ items?: Array<{ id: string }> } | Array<{ id: string }>>(ex);
  const all = Array.isArray(items) ? items : (items.items ?? []);
  return all.some((o) => o.id === id) ? undefined : `${what} ${id} is not in the answer`;
};

/** A listed USDT market (BTC/USDT when listed). */
export async function spotMarket(s: Setup): Promise<Ticker> {
  const tickers = await s.ok('listTickers');
  const t = tickers.find((x) => x.symbol === 'BTC/USDT') ?? tickers.find((x) => x.quote === 'USDT');
  if (!t) throw new SetupFailed('listTickers lists no USDT market');
  return t;
}

/** A listed market that `offered` does not include (else a symbol no market lists). */
export async function listedButNot(s: Setup, offered: string[]): Promise<string> {
  const tickers = await s.ok('listTickers');
  return tickers.find((t) => !offered.includes(t.symbol))?.symbol ?? UNLISTED;
}

/** A limit buy of about 50 quote at half the last price: it rests, and a fresh user cannot pay it unfunded. */
export function restingBuy(t: Ticker) {
  const price = fixed(new Big(t.last).div(2), t.pricePrecision);
  const step = new Big(1).div(new Big(10).pow(t.amountPrecision));
  const q = new Big(50).div(price).round(t.amountPrecision, Big.roundDown);
  return { symbol: t.symbol, side: 'buy' as const, type: 'limit' as const, price, quantity: (q.gt(0) ? q : step).toFixed(t.amountPrecision) };
}

/** A funded user's resting limit buy. */
export async function placedBuy(s: Setup) {
  const t = await spotMarket(s);
  await s.fund('100', 'exchange');
  return s.ok('placeOrder', restingBuy(t));
}

/** The first lever symbol with its last price. */
export async function leverMarket(s: Setup): Promise<LeverSymbol & { last: Big }> {
  const [sym] = await s.ok('listLeverSymbols');
  if (!sym) throw new SetupFailed('listLeverSymbols offers no symbol');
  const t = (await s.ok('listTickers')).find((x) => x.symbol === sym.symbol);
  if (!t) throw new SetupFailed(`listTickers does not list ${sym.symbol}`);
  return { ...sym, last: new Big(t.last) };
}

/** The smallest long: the symbol's minimum lots at its lowest multiple (least at risk of liquidation). */
export const smallLong = (m: LeverSymbol) => ({ symbol: m.symbol, side: 'long' as const, lots: m.minLots, multiple: Math.min(...m.multiples) });

/** A delegation price the last price will not reach while the case runs: half of it. */
export const farBelow = (m: LeverSymbol & { last: Big }) => fixed(m.last.div(2), m.pricePrecision);

/** A funded user's open position (market long) or delegation (limit long far below the price). */
export async function leverOrder(s: Setup, kind: 'position' | 'delegation'): Promise<{ m: LeverSymbol & { last: Big }; order: LeverOrder }> {
  const m = await leverMarket(s);
  await s.fund('1000', 'lever');
  const body = kind === 'position' ? { ...smallLong(m), type: 'market' } : { ...smallLong(m), type: 'limit', price: farBelow(m) };
  const order = await s.ok('openLever', body);
  const want = kind === 'position' ? 'dealing' : 'delegating';
  if (order.status !== want) throw new SetupFailed(`openLever ${JSON.stringify(body)} answered status ${order.status}, not ${want}`);
  return { m, order };
}

/** The lots of a position plus one step: more than it holds. */
export const moreLotsThan = (m: LeverSymbol, order: LeverOrder) => fixed(new Big(order.lots).plus(m.lotStep), (m.lotStep.split('.')[1] ?? '').length);

/** The second contracts' first symbol and period, and the precision of their coin. */
export async function secondTerms(s: Setup) {
  const terms = await s.ok('getSecondTerms');
  const [sym] = terms.symbols;
  const [period] = terms.periods;
  if (!sym || !period) throw new SetupFailed('getSecondTerms offers no symbol or period');
  const coin = (await s.ok('listCoins')).find((x) => x.coin === terms.coin);
  if (!coin) throw new SetupFailed(`listCoins does not list ${terms.coin}`);
  return { terms, symbol: sym.symbol, period, places: coin.precision };
}
