/**
 * The synthetic order book and trade tape around each symbol's simulated price, deterministic from
 * (seed, symbol, virtual second), and the depth messages a subscriber gets (changed levels since the
 * last one, or a snapshot). The control API can empty a symbol's book (no liquidity).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { deepFreeze } from '../kernel/frozen.ts';
import type { Market } from './market.ts';
import { Rng } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type Level = [string, string];

export const BOOK_LEVELS = 20;
const TAPE = 50;

interface BookState {
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

interface DepthMessage {
  symbol: string;
  type: 'snapshot' | 'update';
  seq: number;
  prevSeq: number;
  time: number;
  bids: Level[];
  asks: Level[];
}

export class Liquidity {
  private readonly tapes = new Map<string, Schemas['Trade'][]>();
  private readonly sentBooks = new Map<string, BookState>();
  /** Each symbol's last computed full book (see `book`). */
  private readonly books = new Map<string, { key: string; bids: Level[]; asks: Level[] }>();
  /** The REST answers made from those books, per symbol and limit (see `depth`). */
  private readonly answers = new Map<string, { full: object; answer: Schemas['OrderBook'] }>();
  /** Symbols whose book is emptied by the control API (no liquidity). */
  readonly halted = new Set<string>();

  constructor(
    private readonly seed: number,
    private readonly market: Market,
  ) {}

  /** The book at the current virtual second: levels around the last price, best first. */
  book(symbol: string, limit = BOOK_LEVELS): { seq: number; time: number; bids: Level[]; asks: Level[] } {
    const m = this.market.snapshot(symbol);
    if (this.halted.has(symbol)) return { seq: m.second, time: m.time, bids: [], asks: [] };
    // The full book is a function of (seed, symbol, second, last price): computed once per second
    // and price, and a shorter one is its first levels (the same draws, in the same order).
    const key = `${m.second}|${m.last.toString()}`;
    let full = this.books.get(symbol);
    if (full?.key !== key) {
      full = { key, ...this.compute(symbol, m) };
      this.books.set(symbol, full);
    }
    const n = Math.min(limit, BOOK_LEVELS);
    return { seq: m.second, time: m.time, bids: full.bids.slice(0, n), asks: full.asks.slice(0, n) };
  }

  /**
   * The book as the REST API answers it (`limit` levels a side): one frozen answer per symbol and
   * limit, made again when the book changes (a new second or price) or the symbol is halted.
   */
  depth(symbol: string, limit = BOOK_LEVELS): Schemas['OrderBook'] {
    const book = this.book(symbol, limit);
    const key = `${symbol}|${limit}`;
    const full = this.halted.has(symbol) ? undefined : this.books.get(symbol);
    const cached = this.answers.get(key);
    if (cached && full && cached.full === full && cached.answer.time === book.time) return cached.answer;
    // Copies of the levels: the cached book stays as `book` hands it out.
    const answer = deepFreeze({ symbol, ...book, bids: book.bids.map((l): Level => [...l]), asks: book.asks.map((l): Level => [...l]) });
    if (full) this.answers.set(key, { full, answer });
    return answer;
  }

  private compute(symbol: string, m: ReturnType<Market['snapshot']>): { bids: Level[]; asks: Level[] } {
    const tick = new Big(10).pow(-m.pricePrecision);
    const mid = m.last;
    const spread = mid.times('0.0002').gt(tick) ? mid.times('0.0002') : tick;
    const step = mid.times('0.0003').gt(tick) ? mid.times('0.0003') : tick;
    const rng = new Rng(this.seed, `${symbol}:book:${m.second}`);
    const unit = m.volumePerMinute / 60;
    const size = (i: number) => {
      const v = new Big((unit * (0.4 + 1.2 * rng.float()) * (1 + i * 0.35)).toPrecision(12)).round(m.amountPrecision, Big.roundDown);
      return v.gt(0) ? v : new Big(10).pow(-m.amountPrecision);
    };
    const asks: Level[] = [];
    const bids: Level[] = [];
    for (let i = 0; i < BOOK_LEVELS; i++) {
      const offset = spread.plus(step.times(i));
      // Simulated quotes on the tick grid: asks rounded up and bids down, away from the mid price.
      asks.push([dec.price(m, mid.plus(offset).round(m.pricePrecision, Big.roundUp)), dec.quantity(m, size(i))]);
      const bid = mid.minus(offset).round(m.pricePrecision, Big.roundDown);
      if (bid.gt(0)) bids.push([dec.price(m, bid), dec.quantity(m, size(i))]);
    }
    return { bids, asks };
  }

  /**
   * What a depth subscriber of `symbol` needs now: the changed levels since the book last sent
   * (size zero, printed with the amount precision, removes a level), or a snapshot when nothing was
   * sent for the previous second.
   */
  depthMessage(symbol: string, forceSnapshot = false): DepthMessage {
    const now = this.book(symbol);
    const removed = dec.quantity(this.market.snapshot(symbol), '0');
    const previous = this.sentBooks.get(symbol);
    const next: BookState = { seq: now.seq, bids: new Map(now.bids), asks: new Map(now.asks) };
    this.sentBooks.set(symbol, next);
    if (forceSnapshot || !previous || previous.seq !== now.seq - 1) {
      return { symbol, type: 'snapshot', seq: now.seq, prevSeq: now.seq, time: now.time, bids: now.bids, asks: now.asks };
    }
    const diff = (before: Map<string, string>, after: Map<string, string>): Level[] => {
      const out: Level[] = [];
      for (const [price, qty] of after) if (before.get(price) !== qty) out.push([price, qty]);
      for (const price of before.keys()) if (!after.has(price)) out.push([price, removed]);
      return out;
    };
    return {
      symbol,
      type: 'update',
      seq: now.seq,
      prevSeq: previous.seq,
      time: now.time,
      bids: diff(previous.bids, next.bids),
      asks: diff(previous.asks, next.asks),
    };
  }

  trades(symbol: string, limit = 30): Schemas['Trade'][] {
    this.market.snapshot(symbol);
    return (this.tapes.get(symbol) ?? []).slice(0, limit);
  }

  /** Called once per virtual second after prices moved: the tape grows; returns each symbol's new trades. */
  onTick(symbols: string[]): Map<string, Schemas['Trade'][]> {
    const fresh = new Map<string, Schemas['Trade'][]>();
    for (const symbol of symbols) {
      if (this.halted.has(symbol)) continue;
      const m = this.market.snapshot(symbol);
      const rng = new Rng(this.seed, `${symbol}:tape:${m.second}`);
      const count = rng.int(1, 3);
      const list: Schemas['Trade'][] = [];
      for (let i = 0; i < count; i++) {
        const jitter = new Big(((rng.float() - 0.5) * 0.0004).toFixed(8));
        list.push({
          id: `tr_${m.second}_${i}_${symbol.split('/')[0]}`,
          // Simulated prints: the price at the nearest tick, the size rounded down to the amount precision.
          price: dec.price(m, m.last.times(new Big(1).plus(jitter)).round(m.pricePrecision, Big.roundHalfUp)),
          quantity: dec.quantity(m, new Big(((m.volumePerMinute / 60) * (0.1 + rng.float())).toPrecision(10)).round(m.amountPrecision, Big.roundDown)),
          side: rng.float() < 0.5 ? 'buy' : 'sell',
          time: m.time,
        });
      }
      this.tapes.set(symbol, [...list.reverse(), ...(this.tapes.get(symbol) ?? [])].slice(0, TAPE));
      fresh.set(symbol, list);
    }
    return fresh;
  }
}
