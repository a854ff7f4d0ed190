import { describe, expect, it, vi } from 'vitest';
import { OrderBookStore, priceKey, type BookDeps } from './orderbook';

type L = [string, string];
const deps = (snap: { seq: number; bids: L[]; asks: L[] }): BookDeps & { fetchSnapshot: ReturnType<typeof vi.fn> } => ({
  fetchSnapshot: vi.fn(async () => snap),
  now: () => 1_000,
  setTimer: () => 0,
  clearTimer: () => {},
});

describe('OrderBookStore', () => {
  it('a snapshot plus its updates equals the later snapshot', () => {
    const s = new OrderBookStore('BTC/USDT', deps({ seq: 0, bids: [], asks: [] }));
    s.apply({
      type: 'snapshot',
      seq: 10,
      prevSeq: 10,
      bids: [
        ['100', '1'],
        ['99', '2'],
      ],
      asks: [
        ['101', '1'],
        ['102', '3'],
      ],
    });
    s.apply({
      type: 'update',
      seq: 11,
      prevSeq: 10,
      bids: [
        ['100', '0'],
        ['99.5', '4'],
      ],
      asks: [['101', '2']],
    });
    s.apply({
      type: 'update',
      seq: 12,
      prevSeq: 11,
      bids: [['98', '1']],
      asks: [
        ['102', '0'],
        ['103', '1'],
      ],
    });
    const later = new OrderBookStore('BTC/USDT', deps({ seq: 0, bids: [], asks: [] }));
    later.apply({
      type: 'snapshot',
      seq: 12,
      prevSeq: 12,
      bids: [
        ['99.5', '4'],
        ['99', '2'],
        ['98', '1'],
      ],
      asks: [
        ['101', '2'],
        ['103', '1'],
      ],
    });
    expect(s.view()).toEqual(later.view());
    expect(s.seq).toBe(12);
    expect(s.view().bids.map((l) => l.price)).toEqual(['99.5', '99', '98']);
    expect(s.view().asks.map((l) => l.total)).toEqual(['2', '3']);
  });

  it('a gap drops the book, refetches a snapshot and keeps applying updates after it', async () => {
    const d = deps({ seq: 20, bids: [['50', '1']], asks: [['51', '1']] });
    const s = new OrderBookStore('ETH/USDT', d);
    s.apply({ type: 'snapshot', seq: 10, prevSeq: 10, bids: [['40', '1']], asks: [['41', '1']] });
    s.apply({ type: 'update', seq: 13, prevSeq: 12, bids: [['40', '5']], asks: [] });
    expect(d.fetchSnapshot).toHaveBeenCalledTimes(1);
    expect(s.ready).toBe(false);
    s.apply({ type: 'update', seq: 21, prevSeq: 20, bids: [['49', '2']], asks: [] });
    await s.resync();
    expect(s.seq).toBe(21);
    expect(s.view().bids).toEqual([
      { price: '50', quantity: '1', total: '1' },
      { price: '49', quantity: '2', total: '3' },
    ]);
    expect(s.bids.has('40')).toBe(false);
  });

  it('grouping sums levels into tick multiples (bids down, asks up)', () => {
    const s = new OrderBookStore('BTC/USDT', deps({ seq: 0, bids: [], asks: [] }));
    s.apply({
      type: 'snapshot',
      seq: 1,
      prevSeq: 1,
      bids: [
        ['100.05', '1'],
        ['100.01', '2'],
        ['99.99', '0.5'],
      ],
      asks: [
        ['100.11', '1'],
        ['100.19', '1.5'],
        ['100.21', '2'],
      ],
    });
    const v = s.view(20, '0.1');
    expect(v.bids).toEqual([
      { price: '100.0', quantity: '3', total: '3' },
      { price: '99.9', quantity: '0.5', total: '3.5' },
    ]);
    expect(v.asks).toEqual([
      { price: '100.2', quantity: '2.5', total: '2.5' },
      { price: '100.3', quantity: '2', total: '4.5' },
    ]);
  });

  it('notifies at most once per interval, the first change at once', () => {
    let t = 1_000;
    const timers: Array<() => void> = [];
    const s = new OrderBookStore('BTC/USDT', {
      fetchSnapshot: async () => ({ seq: 0, bids: [], asks: [] }),
      now: () => t,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    const listener = vi.fn();
    s.subscribe(listener);
    s.apply({ type: 'snapshot', seq: 1, prevSeq: 1, bids: [['1', '1']], asks: [] });
    expect(listener).toHaveBeenCalledTimes(1);
    t += 50;
    s.apply({ type: 'update', seq: 2, prevSeq: 1, bids: [['1', '2']], asks: [] });
    s.apply({ type: 'update', seq: 3, prevSeq: 2, bids: [['1', '3']], asks: [] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(1);
    t += 200;
    timers[0]();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keys levels by canonical price: 64200.10 and 64200.1 are one level, and a zero in any form removes it', () => {
    const s = new OrderBookStore('BTC/USDT', deps({ seq: 0, bids: [], asks: [] }));
    s.apply({
      type: 'snapshot',
      seq: 1,
      prevSeq: 1,
      bids: [
        ['64200.10', '1.5'],
        ['64200.00', '2'],
      ],
      asks: [
        ['64300.50', '1'],
        ['64301', '4'],
      ],
    });
    s.apply({
      type: 'update',
      seq: 2,
      prevSeq: 1,
      bids: [
        ['64200.1', '3'],
        ['64200', '0.000'],
      ],
      asks: [
        ['64300.5', '0'],
        ['64301.000', '5'],
      ],
    });
    const v = s.view();
    // The row keeps the text the level arrived with first (the symbol's precision in the snapshot).
    expect(v.bids).toEqual([{ price: '64200.10', quantity: '3', total: '3' }]);
    expect(v.asks).toEqual([{ price: '64301', quantity: '5', total: '5' }]);
    expect(v.depth).toEqual({ bids: 1, asks: 1 });
    expect(s.bids.has(priceKey('64200.100'))).toBe(true);
  });

  it('priceKey is the canonical decimal, never an exponent or a float', () => {
    expect(['64200.10', '64200.1', '64200.100'].map(priceKey)).toEqual(['64200.1', '64200.1', '64200.1']);
    expect(priceKey('64200.00')).toBe('64200');
    expect(priceKey('100')).toBe('100');
    expect(priceKey('0.00000012300')).toBe('0.000000123');
    expect(priceKey('123456789012345678.123456789012345678')).toBe('123456789012345678.123456789012345678');
  });

  it('ignores a depth message of a kind it does not know (servers may add enum values)', () => {
    const d = deps({ seq: 0, bids: [], asks: [] });
    const s = new OrderBookStore('BTC/USDT', d);
    s.apply({ type: 'snapshot', seq: 1, prevSeq: 1, bids: [['100', '1']], asks: [] });
    s.apply({ type: 'checksum' as 'update', seq: 2, prevSeq: 1, bids: [['100', '9']], asks: [] });
    expect(s.seq).toBe(1);
    expect(s.view().bids).toEqual([{ price: '100', quantity: '1', total: '1' }]);
    expect(d.fetchSnapshot).not.toHaveBeenCalled();
  });
});
