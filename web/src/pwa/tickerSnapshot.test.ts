// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKey } from '../api/queryKey';
import { keepTickerSnapshot, readSnapshot, SNAPSHOT_KEY } from './tickerSnapshot';
import { testTicker } from '../testing/ticker';

const KEY = queryKey('listTickers');

const ticker = testTicker;

function offline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the ticker snapshot', () => {
  it('saves the tickers that arrive', () => {
    offline(false);
    const qc = new QueryClient();
    keepTickerSnapshot(qc);
    qc.setQueryData(KEY, [ticker('BTC/USDT', '100.00')], { updatedAt: 1_000 });
    expect(readSnapshot()).toEqual({ v: 1, savedAt: 1_000, tickers: [ticker('BTC/USDT', '100.00')] });
  });

  it('shows the saved prices, as of when they were saved, when the app starts offline', () => {
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ v: 1, savedAt: 5_000, tickers: [ticker('ETH/USDT', '9.00')] }));
    offline(true);
    const qc = new QueryClient();
    keepTickerSnapshot(qc);
    expect(qc.getQueryData(KEY)).toEqual([ticker('ETH/USDT', '9.00')]);
    expect(qc.getQueryState(KEY)?.dataUpdatedAt).toBe(5_000);
  });

  it('does not replace fresh prices online, and ignores a snapshot it cannot read', () => {
    localStorage.setItem(SNAPSHOT_KEY, '{"v":1,"tickers":"nope"}');
    offline(true);
    const qc = new QueryClient();
    keepTickerSnapshot(qc);
    expect(qc.getQueryData(KEY)).toBeUndefined();

    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ v: 1, savedAt: 5_000, tickers: [ticker('ETH/USDT', '9.00')] }));
    offline(false);
    const online = new QueryClient();
    keepTickerSnapshot(online);
    expect(online.getQueryData(KEY)).toBeUndefined();
  });
});
