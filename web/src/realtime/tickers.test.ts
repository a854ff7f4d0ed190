/** Applying the `tickers` stream: snapshot, updates of changed fields, and when to ask for a fresh snapshot. */
import { describe, expect, it } from 'vitest';
import type { TickerChange, TickersEvent } from '../../../contracts/generated/socket';
import { TickerStream, type Ticker } from './tickers';
import { testTicker } from '../testing/ticker';

const ticker = testTicker;
const snapshot = (seq: number, tickers: Ticker[]): TickersEvent => ({ type: 'snapshot', seq, prevSeq: seq, time: 1000, tickers });
const update = (prevSeq: number, seq: number, changes: TickerChange[], time = 2000): TickersEvent => ({ type: 'update', seq, prevSeq, time, changes });

function started() {
  const s = new TickerStream();
  s.apply(snapshot(10, [ticker('BTC/USDT', '100.00'), ticker('ETH/USDT', '50.00')]));
  return s;
}

describe('TickerStream', () => {
  it('applies an update to the snapshot: the changed fields and the update time, the rest kept', () => {
    const s = started();
    const step = s.apply(update(10, 11, [{ symbol: 'ETH/USDT', last: '51.00', change24h: '2.00' }]));
    expect(step).toEqual({ kind: 'update', tickers: [{ ...ticker('ETH/USDT', '51.00', 2000), change24h: '2.00' }] });
    expect(s.tickers.get('BTC/USDT')).toEqual(ticker('BTC/USDT', '100.00'));
    expect(s.seq).toBe(11);
  });

  it('a gap asks for a resync and applies nothing until the next snapshot', () => {
    const s = started();
    expect(s.apply(update(12, 13, [{ symbol: 'ETH/USDT', last: '60.00' }]))).toMatchObject({ kind: 'resync' });
    expect(s.tickers.get('ETH/USDT')!.last).toBe('50.00');
    // The updates that follow cannot chain either: ignored until the snapshot.
    expect(s.apply(update(13, 14, [{ symbol: 'ETH/USDT', last: '61.00' }]))).toEqual({ kind: 'ignored' });
    expect(s.apply(snapshot(14, [ticker('ETH/USDT', '61.00')]))).toEqual({ kind: 'snapshot', tickers: [ticker('ETH/USDT', '61.00')] });
    expect([...s.tickers.keys()]).toEqual(['ETH/USDT']);
    expect(s.apply(update(14, 15, [{ symbol: 'ETH/USDT', last: '62.00' }]))).toMatchObject({ kind: 'update' });
  });

  it('ignores a duplicate and an update before any snapshot', () => {
    const s = started();
    s.apply(update(10, 11, [{ symbol: 'ETH/USDT', last: '51.00' }]));
    expect(s.apply(update(10, 11, [{ symbol: 'ETH/USDT', last: '51.00' }]))).toEqual({ kind: 'ignored' });
    expect(new TickerStream().apply(update(10, 11, [{ symbol: 'ETH/USDT', last: '51.00' }]))).toEqual({ kind: 'ignored' });
  });

  it('a symbol it does not hold: added when sent whole, a resync (and nothing applied) when sent in part', () => {
    const s = started();
    const { time: _time, ...whole } = ticker('SOL/USDT', '20.00');
    expect(s.apply(update(10, 11, [whole]))).toEqual({ kind: 'update', tickers: [ticker('SOL/USDT', '20.00', 2000)] });
    const step = s.apply(
      update(11, 12, [
        { symbol: 'BTC/USDT', last: '101.00' },
        { symbol: 'NEW/USDT', last: '1.00' },
      ]),
    );
    expect(step).toMatchObject({ kind: 'resync', reason: expect.stringContaining('NEW/USDT') });
    expect(s.tickers.get('BTC/USDT')!.last).toBe('100.00');
    expect(s.seq).toBeNull();
  });
});
