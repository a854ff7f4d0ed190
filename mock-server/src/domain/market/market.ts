/**
 * The market simulator: listed symbols, a price random walk ticking every virtual second, 24-hour
 * statistics and K-lines of every period. Memory stays bounded whatever the clock does: one-minute
 * candles for the last three days, hourly ones for 400 days before, daily ones for 20 years before
 * that. Long clock jumps are simulated coarsely far from their end (days, hours, then minutes, then
 * seconds). Before what is kept lies the symbol's history (candlesHistory.ts); a candle of any period
 * is the sum of the minutes in it, of the history before and of the world after, so the periods
 * agree (a day or an hour kept whole is split the same way when a finer period asks for part of it).
 *
 * Prices and volumes are kept as integers of their smallest unit (price ticks, amount units), exact
 * and compact; they leave as decimal strings and big.js values. Floats only drive the random steps.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { keyedWords, mixWords, Rng, type Words } from '../kernel/random.ts';
import { bucketStart, CandleSum, CandleTiers, DAY, HOUR, MINUTE, nextBucket, previousBucket, RETENTION, type KlinePeriod, type UnitCandle } from './candles.ts';
import { HISTORY_FIELDS, History } from './candlesHistory.ts';
import { unitsToFixed } from '../kernel/decimals.ts';
import { QUOTE_PRECISION, SPECS, USDT } from './symbols.ts';
import { lastOf, toTicker, type SymbolState } from './ticker.ts';
import { Memo } from '../kernel/memo.ts';

type Ticker = components['schemas']['Ticker'];
type Candle = components['schemas']['Candle'];
export type { KlinePeriod };

/** Within this much of a clock jump's end, time is simulated second by second. */
const SECOND_STEPS_WITHIN = 10 * MINUTE;
/** Work per slice of a long jump: steps of each symbol (see `sliceEnd`). */
const STEPS_PER_SLICE = 60;
/**
 * The symbols' histories by seed, symbol and the day of the start (the walk opens that day at the
 * listed price), for the last few: a function of those alone, kept across worlds since tests build
 * worlds of a few seeds again and again.
 */
const HISTORIES = new Memo<History>(4 * SPECS.length);
/**
 * The history's minutes a world starts with (`recordHistory`), by seed, symbol and start: splitting
 * a day or two into minutes costs more than the rest of a world's build. Copied out, never handed over.
 */
const START_MINUTES = new Memo<Float64Array>(4 * SPECS.length);

export class Market {
  private readonly states = new Map<string, SymbolState>();
  /** Each symbol's secret walk key, mixed with each step's (see `step`). */
  private readonly walkKeys = new Map<string, Words>();
  /** Index of the last simulated virtual second, counted from the world's start. */
  private second = 0;
  /** The end of the clock jump in progress (see `aimAt`): far from it, time is simulated coarsely. */
  private horizon: number | null = null;
  /** Each symbol's ticker, worked out once per simulated second (and again after a price is set). */
  private readonly tickerCache = new Map<string, { second: number; ticker: Ticker }>();

  constructor(
    private readonly seed: number,
    private readonly start: number,
  ) {
    for (const spec of SPECS) {
      const symbol = `${spec.base}/${spec.quote ?? USDT}`;
      const state: SymbolState = {
        spec,
        symbol,
        last: Math.round(Number(spec.price) * 10 ** spec.pricePrecision),
        candles: new CandleTiers(),
      };
      this.states.set(symbol, state);
      this.walkKeys.set(symbol, keyedWords(seed, `${symbol}:walk`));
      this.recordHistory(state);
    }
  }

  symbols(): string[] {
    return [...this.states.keys()];
  }

  /** What the order book and matching need of a symbol: last price, precisions, typical volume. */
  snapshot(symbol: string) {
    const st = this.state(symbol);
    return {
      base: st.spec.base,
      quote: st.spec.quote ?? USDT,
      quotePrecision: QUOTE_PRECISION[st.spec.quote ?? USDT],
      last: lastOf(st),
      pricePrecision: st.spec.pricePrecision,
      amountPrecision: st.spec.amountPrecision,
      volumePerMinute: st.spec.volume,
      second: this.second,
      time: this.simulatedNow(),
    };
  }

  /** Every listed base coin with its amount precision (of its USDT market). */
  bases(): Array<{ coin: string; precision: number }> {
    return SPECS.filter((s) => !s.quote).map((s) => ({ coin: s.base, precision: s.amountPrecision }));
  }

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  private state(symbol: string): SymbolState {
    const s = this.states.get(symbol);
    if (!s) throw new DomainError('unknown_symbol', `Unknown symbol ${symbol}`).with({ symbol });
    return s;
  }

  /** A float price as whole ticks (at least one tick). */
  private ticks(value: number): number {
    return Math.max(1, Math.round(value));
  }

  /** A float volume in base coin as whole amount units, rounded down. */
  private units(state: SymbolState, value: number): number {
    return Math.floor(value * 10 ** state.spec.amountPrecision);
  }

  /** The history of a symbol (candlesHistory.ts), anchored on the day of the start. */
  private history(state: SymbolState): History {
    const anchor = bucketStart(this.start, '1day');
    return HISTORIES.get(`${this.seed}:${state.symbol}:${anchor}`, () => new History(this.seed, state.symbol, state.spec, anchor));
  }

  /**
   * The history's minutes from the midnight a day or more before the start up to the start (the
   * minute the start falls in, when it is not on a minute), kept as the world's own: the last 24 h
   * statistics need them, and the tiers begin on a day. The price starts at the last one's close.
   */
  private recordHistory(state: SymbolState): void {
    const first = bucketStart(this.start - DAY, '1day');
    const minutes = START_MINUTES.get(`${this.seed}:${state.symbol}:${this.start}`, () => this.history(state).minutes(first, this.start));
    for (let at = 0, time = first; at < minutes.length; at += HISTORY_FIELDS, time += MINUTE) {
      const [open, high, low, close, volume] = [minutes[at], minutes[at + 1], minutes[at + 2], minutes[at + 3], minutes[at + 4]];
      state.candles.record({ time, open, high, low, close, volume }, MINUTE);
      state.last = close;
    }
  }

  /**
   * One step of `length` ms starting at `time`: the next price and its candle, recorded in the tier
   * of that resolution. Keyed by (seed, symbol, resolution, time), so a path does not depend on how
   * the clock was moved, only on which resolution simulated each stretch; and by the world's secret
   * key (random.ts), so knowing the seed's number is not enough to foresee it. `stepKey` is the
   * (seed, resolution, time) part, shared by every symbol of the step.
   */
  private step(state: SymbolState, time: number, length: number, stepKey: Words): void {
    const rng = new Rng(mixWords(stepKey, this.walkKeys.get(state.symbol)!));
    const minutes = length / MINUTE;
    const sigma = state.spec.sigma * Math.sqrt(minutes);
    const open = state.last;
    const walk = this.ticks(open * Math.exp(sigma * rng.normal()));
    const close = state.held ? open : walk;
    const wick = length >= MINUTE && !state.held ? Math.abs(rng.normal()) * sigma * 0.5 : 0;
    const candle: UnitCandle = {
      time,
      open,
      high: this.ticks(Math.max(open, close) * (1 + wick)),
      low: this.ticks(Math.min(open, close) * (1 - wick)),
      close,
      volume: this.units(state, state.spec.volume * minutes * (0.4 + 1.2 * rng.float())),
    };
    state.candles.record(candle, length);
    state.last = close;
    state.lastBig = undefined;
  }

  /**
   * Announces the end of a clock jump about to be made in slices: until it is reached, time far
   * from it is simulated coarsely. `null` when the jump is done.
   */
  aimAt(time: number | null): void {
    this.horizon = time;
  }

  /** The end of the clock jump in progress (`aimAt`), or null (a snapshot records it with each move). */
  aim(): number | null {
    return this.horizon;
  }

  /** The resolution (ms) of simulating the virtual second `s`, given where the jump in progress ends. */
  private resolutionAt(s: number, end: number): number {
    const t = this.start + s * 1000;
    const ahead = end - t;
    for (const size of [DAY, HOUR, MINUTE]) if (ahead > this.coarseFrom(size) && t % size === 0) return size;
    return 1000;
  }

  /**
   * Where the next slice of a jump to `target` should end, so that one slice is a bounded amount of
   * work: STEPS_PER_SLICE steps of the coarsest resolution usable there, ending just before a
   * boundary of it (a step recorded at a boundary covers the second there and those after it).
   */
  sliceEnd(now: number, target: number): number {
    for (const size of [DAY, HOUR, MINUTE]) {
      const regionEnd = target - this.coarseFrom(size);
      if (now >= regionEnd) continue;
      const end = Math.floor((now + 1000 + size * STEPS_PER_SLICE) / size) * size - 1000;
      return Math.min(regionEnd, end > now ? end : now + size);
    }
    return Math.min(target, now + 1000 * STEPS_PER_SLICE);
  }

  /** How far from a jump's end steps of `size` begin. */
  private coarseFrom(size: number): number {
    return size === DAY ? RETENTION.hours + DAY : size === HOUR ? RETENTION.minutes + HOUR : SECOND_STEPS_WITHIN + MINUTE;
  }

  /** The index of the virtual second `time` falls in, counted from the world's start. */
  private secondOf(time: number): number {
    return Math.floor((time - this.start) / 1000);
  }

  /**
   * The steps that simulate the virtual seconds after second `from` up to second `target`: coarse
   * far from `end` (the end of the jump they belong to), one second each near it.
   */
  private *plan(from: number, target: number, end: number): Generator<{ s: number; length: number }> {
    let s = from + 1;
    while (s <= target) {
      const size = this.resolutionAt(s, end);
      // A coarse step must not pass `target` (the jump's end may lie beyond this slice).
      const length = s + size / 1000 - 1 <= target ? size : 1000;
      yield { s, length };
      s += length / 1000;
    }
  }

  /** How many steps a clock move from `from` to `to` simulates, `aim` being the end of its jump (a restore's bounds). */
  stepsOf(from: number, to: number, aim: number | null): number {
    const [first, target] = [this.secondOf(from), this.secondOf(to)];
    if (target <= first) return 0;
    let steps = 0;
    for (const _ of this.plan(first, target, Math.max(aim ?? to, to))) steps++;
    return steps;
  }

  /** Simulates every virtual second up to `now`. Returns true when prices moved. */
  advanceTo(now: number, afterStep?: (time: number) => void): boolean {
    const target = this.secondOf(now);
    if (target <= this.second) return false;
    for (const { s, length } of this.plan(this.second, target, Math.max(this.horizon ?? now, now))) {
      const time = this.start + s * 1000;
      const stepKey = keyedWords(this.seed, `step:${length}:${time}`);
      for (const state of this.states.values()) this.step(state, time, length, stepKey);
      if (afterStep) {
        this.second = s + length / 1000 - 1;
        afterStep(this.simulatedNow());
      }
    }
    this.second = target;
    return true;
  }

  /** Current time of the simulation (the last simulated second). */
  private simulatedNow(): number {
    return this.start + this.second * 1000;
  }

  /** The time of the current prices (the last simulated second). */
  now(): number {
    return this.simulatedNow();
  }

  /**
   * Sets a symbol's last price now, as a market move would (the control API's `mockPrice`): the
   * current one-minute candle takes it in, and the random walk continues from it. `price` must be
   * positive with at most the symbol's pricePrecision decimals (the caller checks: see
   * `priceProblem`). With `hold` the price stays there (the walk pauses for this symbol) until it
   * is set again without.
   */
  setPrice(symbol: string, price: string, hold = false): void {
    const state = this.state(symbol);
    state.held = hold;
    const problem = this.priceProblem(symbol, price);
    if (problem) throw new Error(problem);
    const ticks = Number(new Big(price).times(new Big(10).pow(state.spec.pricePrecision)).toFixed(0));
    const open = state.last;
    state.candles.record({ time: this.simulatedNow(), open, high: Math.max(open, ticks), low: Math.min(open, ticks), close: ticks, volume: 0 }, 1000);
    state.last = ticks;
    state.lastBig = undefined;
    this.tickerCache.delete(state.symbol);
  }

  /** Why `price` cannot be set as `symbol`'s last price (not positive, too many decimals, too large), or null. */
  priceProblem(symbol: string, price: string): string | null {
    const pp = this.state(symbol).spec.pricePrecision;
    let value: Big;
    try {
      value = new Big(price);
    } catch {
      return `price ${price} is not a number`;
    }
    if (value.lte(0)) return 'price must be positive';
    if (!value.round(pp, Big.roundDown).eq(value)) return `price has at most ${pp} decimals for ${symbol}`;
    if (value.times(new Big(10).pow(pp)).gt(Number.MAX_SAFE_INTEGER)) return `price is too large for ${symbol}`;
    return null;
  }

  tickers(): Ticker[] {
    return [...this.states.values()].map((s) => this.tickerOf(s));
  }

  ticker(symbol: string): Ticker {
    return this.tickerOf(this.state(symbol));
  }

  private tickerOf(state: SymbolState): Ticker {
    const cached = this.tickerCache.get(state.symbol);
    if (cached?.second === this.second) return cached.ticker;
    const ticker = toTicker(state, this.simulatedNow());
    this.tickerCache.set(state.symbol, { second: this.second, ticker });
    return ticker;
  }

  /**
   * Candles of `period` ending with the one containing `to` (now by default; the live one goes up
   * to now), oldest first. Each is the sum of the minutes in it (see `sum`), so the periods agree.
   */
  kline(symbol: string, period: KlinePeriod, limit: number, to: number = this.simulatedNow()): Candle[] {
    const state = this.state(symbol);
    const end = Math.min(to, this.simulatedNow());
    const pp = state.spec.pricePrecision;
    const ap = state.spec.amountPrecision;
    const out: Candle[] = [];
    for (let bucket = bucketStart(end, period); out.length < limit && bucket >= 0; bucket = previousBucket(bucket, period)) {
      const c = this.sum(state, bucket, nextBucket(bucket, period));
      if (!c) continue;
      out.push({
        time: bucket,
        open: unitsToFixed(c.open, pp),
        high: unitsToFixed(c.high, pp),
        low: unitsToFixed(c.low, pp),
        close: unitsToFixed(c.close, pp),
        volume: unitsToFixed(c.volume, ap),
      });
    }
    return out.reverse();
  }

  /**
   * The candle of [from, to) (minute boundaries): the history up to the oldest candle kept, then the
   * kept candles, a day or an hour of which only part lies inside split as the history splits.
   */
  private sum(state: SymbolState, from: number, to: number): UnitCandle | null {
    const sum = new CandleSum();
    const history = this.history(state);
    const kept = state.candles.oldestTime() ?? this.simulatedNow();
    if (from < kept) history.sumRange(from, Math.min(to, kept), sum);
    if (to > kept) state.candles.sumRange(Math.max(from, kept), to, sum, (c, length) => history.sumPart(c, length, from, to, sum));
    return sum.candle(from);
  }
}
