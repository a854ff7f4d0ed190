/**
 * The client side of the `tickers` stream (asyncapi.yaml 2.x, Recovery): a snapshot of every
 * ticker, then updates chained by `seq`/`prevSeq` that carry only the fields that changed. This
 * holds the tickers the stream has described so far and turns each event into the whole tickers it
 * changed, or asks for a resynchronisation when the chain breaks.
 */
import type { TickerChange, TickersEvent, TickersSnapshot } from '../../../contracts/generated/socket';

export type Ticker = TickersSnapshot['tickers'][number];

/** What one event did to the tickers. */
export type TickerStep =
  /** A snapshot: every listed ticker, whole (a symbol not in it is no longer listed). */
  | { kind: 'snapshot'; tickers: Ticker[] }
  /** An update applied: the tickers it changed, whole (possibly none). */
  | { kind: 'update'; tickers: Ticker[] }
  /** Nothing to do: a duplicate, an update before any snapshot, or a kind this client does not know. */
  | { kind: 'ignored' }
  /** The chain broke (a gap, or a symbol the client does not hold sent in part): subscribe again for a snapshot. */
  | { kind: 'resync'; reason: string };

/** Every field of a `Ticker` but `time` (which an update gives once for all its changes). */
const WHOLE: ReadonlyArray<keyof Ticker> = [
  'symbol',
  'base',
  'quote',
  'last',
  'open24h',
  'high24h',
  'low24h',
  'change24h',
  'volume24h',
  'quoteVolume24h',
  'pricePrecision',
  'amountPrecision',
  'quotePrecision',
  'settlementPrecision',
];

const isWhole = (change: TickerChange): boolean => WHOLE.every((f) => change[f as keyof TickerChange] !== undefined);

/**
 * A held ticker with a change applied, as one object literal of a fixed shape (several times
 * cheaper than spreading two objects, for 200 symbols ten times a second). Fields this client does
 * not know are left out: it would ignore them anyway.
 */
const withChange = (t: Ticker | undefined, c: TickerChange, time: number): Ticker => ({
  symbol: c.symbol,
  base: c.base ?? t!.base,
  quote: c.quote ?? t!.quote,
  last: c.last ?? t!.last,
  open24h: c.open24h ?? t!.open24h,
  high24h: c.high24h ?? t!.high24h,
  low24h: c.low24h ?? t!.low24h,
  change24h: c.change24h ?? t!.change24h,
  volume24h: c.volume24h ?? t!.volume24h,
  quoteVolume24h: c.quoteVolume24h ?? t!.quoteVolume24h,
  pricePrecision: c.pricePrecision ?? t!.pricePrecision,
  amountPrecision: c.amountPrecision ?? t!.amountPrecision,
  quotePrecision: c.quotePrecision ?? t!.quotePrecision,
  settlementPrecision: c.settlementPrecision ?? t!.settlementPrecision,
  time,
});

export class TickerStream {
  /** The `seq` the held tickers are at; null until a snapshot (and after a broken chain). */
  seq: number | null = null;
  readonly tickers = new Map<string, Ticker>();

  apply(event: TickersEvent): TickerStep {
    if (event.type === 'snapshot') {
      this.tickers.clear();
      for (const t of event.tickers) this.tickers.set(t.symbol, t);
      this.seq = event.seq;
      return { kind: 'snapshot', tickers: event.tickers };
    }
    if (event.type !== 'update' || this.seq === null || event.seq <= this.seq) return { kind: 'ignored' };
    if (event.prevSeq !== this.seq) return this.broken(`gap: update from ${event.prevSeq}, held ${this.seq}`);
    // Checked first, so a broken update changes nothing.
    const unknown = event.changes.find((c) => !this.tickers.has(c.symbol) && !isWhole(c));
    if (unknown) return this.broken(`${unknown.symbol} is not held and was sent in part`);
    const changed: Ticker[] = [];
    for (const change of event.changes) {
      const next = withChange(this.tickers.get(change.symbol), change, event.time);
      this.tickers.set(change.symbol, next);
      changed.push(next);
    }
    this.seq = event.seq;
    return { kind: 'update', tickers: changed };
  }

  private broken(reason: string): TickerStep {
    this.seq = null;
    return { kind: 'resync', reason };
  }
}
