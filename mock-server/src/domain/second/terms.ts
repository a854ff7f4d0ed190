/**
 * The second contracts' terms: which symbols are offered, the periods a contract may run, and per
 * period the payout rate (the profit of a win, as a fraction of the stake) and the stake bounds.
 * One table, sent whole by `getSecondTerms`: the client computes with these values, never its own.
 * A win pays less than a loss costs (every rate is below 1): that is the platform's margin, and
 * the reason the risk notice says most short-term bets lose money.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinInfo } from '../assets/coins.ts';
import * as dec from '../kernel/decimals.ts';
import { SPECS, USDT } from '../market/symbols.ts';

export type SecondTerms = components['schemas']['SecondTerms'];
type SecondPeriod = components['schemas']['SecondPeriod'];

/** At most this many contracts of one user run at once. */
export const SECOND_MAX_RUNNING = 20;
const BASES = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE'];
/** [seconds, payout rate, min stake, max stake] */
const PERIODS: ReadonlyArray<[number, string, string, string]> = [
  [30, '0.80', '10', '5000'],
  [60, '0.85', '10', '10000'],
  [120, '0.90', '10', '20000'],
  [300, '0.95', '10', '50000'],
];
/** Decimals of a stake and of every amount of a second contract: USDT's precision. */
export const SECOND_DP = coinInfo(USDT).precision;

export const SECOND_TERMS: SecondTerms = {
  coin: USDT,
  maxRunning: SECOND_MAX_RUNNING,
  symbols: BASES.map((base) => {
    const spec = SPECS.find((s) => s.base === base && !s.quote);
    if (!spec) throw new Error(`second-terms: ${base}/${USDT} is not a listed market`);
    return { symbol: `${base}/${USDT}`, pricePrecision: spec.pricePrecision };
  }),
  periods: PERIODS.map(([seconds, payoutRate, min, max]): SecondPeriod => ({
    seconds,
    payoutRate,
    minStake: dec.fixed(min, SECOND_DP),
    maxStake: dec.fixed(max, SECOND_DP),
  })),
};

/** A period's terms as numbers to compute with. */
export interface PeriodTerms {
  seconds: number;
  /** The rate as the terms print it (what an order records). */
  rateText: string;
  payoutRate: Big;
  minStake: Big;
  maxStake: Big;
}

const BY_SECONDS = new Map<number, PeriodTerms>(
  SECOND_TERMS.periods.map((p) => [
    p.seconds,
    { seconds: p.seconds, rateText: p.payoutRate, payoutRate: new Big(p.payoutRate), minStake: new Big(p.minStake), maxStake: new Big(p.maxStake) },
  ]),
);
const PRICE_PLACES = new Map(SECOND_TERMS.symbols.map((s) => [s.symbol, s.pricePrecision]));

export const periodTerms = (seconds: number): PeriodTerms | undefined => BY_SECONDS.get(seconds);
/** The price precision of an offered symbol, or undefined when it is not offered. */
export const secondPricePlaces = (symbol: string): number | undefined => PRICE_PLACES.get(symbol);
