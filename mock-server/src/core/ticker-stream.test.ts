/** The server side of the `tickers` stream: what each update carries, and when a snapshot is sent instead. */
import { describe, expect, it } from 'vitest';
import type { TickersSnapshot } from '../../../contracts/generated/socket';
import { TickerStream } from './realtime';

type Ticker = TickersSnapshot['tickers'][number];

const ticker = (symbol: string, last: string, time = 1000): Ticker => ({
  symbol,
  base: symbol.split('/')[0],
  quote: 'USDT',
  last,
  open24h: '100.00',
  high24h: '110.00',
  low24h: '90.00',
  change24h: '0.00',
  volume24h: '5.0000',
  quoteVolume24h: '500.00',
  pricePrecision: 2,
  amountPrecision: 4,
  quotePrecision: 2,
  settlementPrecision: 6,
  time,
});

describe('TickerStream', () => {
  it('an update lists only the changed symbols and fields, chained by seq; the snapshot is at the stream seq', () => {
    const s = new TickerStream();
    s.next(1000, [ticker('AAA/USDT', '100.00'), ticker('BBB/USDT', '50.00')]);
    const snap = s.snapshot(1000, [ticker('AAA/USDT', '100.00'), ticker('BBB/USDT', '50.00')]);
    const update = s.next(2000, [ticker('AAA/USDT', '101.00', 2000), ticker('BBB/USDT', '50.00', 2000)]);
    expect(update).toEqual({ type: 'update', seq: snap.seq + 1, prevSeq: snap.seq, time: 2000, changes: [{ symbol: 'AAA/USDT', last: '101.00' }] });
  });

  it('a tick that changes nothing but time sends nothing and keeps seq', () => {
    const s = new TickerStream();
    s.next(1000, [ticker('AAA/USDT', '100.00')]);
    expect(s.next(2000, [ticker('AAA/USDT', '100.00', 2000)])).toBeNull();
    const next = s.next(3000, [ticker('AAA/USDT', '99.00', 3000)]);
    expect(next).toMatchObject({ type: 'update', prevSeq: 1, seq: 2 });
  });

  it('a newly listed symbol comes whole (without time); a delisted one makes a snapshot', () => {
    const s = new TickerStream();
    s.next(1000, [ticker('AAA/USDT', '100.00')]);
    const added = s.next(2000, [ticker('AAA/USDT', '100.00'), ticker('NEW/USDT', '1.00', 2000)]);
    const { time: _time, ...whole } = ticker('NEW/USDT', '1.00');
    expect(added).toMatchObject({ type: 'update', changes: [whole] });
    const removed = s.next(3000, [ticker('NEW/USDT', '1.00', 3000)]);
    expect(removed).toMatchObject({ type: 'snapshot', seq: 3, prevSeq: 3, tickers: [ticker('NEW/USDT', '1.00', 3000)] });
  });
});
