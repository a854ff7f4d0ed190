import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mergeTickers, mergeTrades, tickersQuery, TRADES_LIMIT, type Ticker, type Trade } from './market';
import { testTicker } from '../testing/ticker';

const ticker = testTicker;

const trade = (id: string, time: number): Trade => ({ id, price: '1', quantity: '1', side: 'buy', time });

describe('mergeTickers', () => {
  it('replaces changed tickers in place, keeps unchanged objects and the order, appends new symbols', () => {
    const btc = ticker('BTC/USDT', '1', 1);
    const eth = ticker('ETH/USDT', '2', 1);
    const merged = mergeTickers([btc, eth], [ticker('ETH/USDT', '3', 2), ticker('SOL/USDT', '4', 2)]);
    expect(merged.map((t) => [t.symbol, t.last])).toEqual([
      ['BTC/USDT', '1'],
      ['ETH/USDT', '3'],
      ['SOL/USDT', '4'],
    ]);
    expect(merged[0]).toBe(btc);
  });

  it("with a snapshot's symbols, drops the symbols no longer listed", () => {
    const btc = ticker('BTC/USDT', '1', 1);
    const merged = mergeTickers([btc, ticker('OLD/USDT', '2', 1)], [ticker('BTC/USDT', '1', 1)], new Set(['BTC/USDT']));
    expect(merged).toEqual([btc]);
  });

  it('ignores an update older than what is shown', () => {
    const eth = ticker('ETH/USDT', '2', 5);
    expect(mergeTickers([eth], [ticker('ETH/USDT', '1', 4)])[0]).toBe(eth);
  });
});

describe('mergeTrades', () => {
  it('prepends new trades newest first, skips ones already listed and keeps the limit', () => {
    const old = Array.from({ length: TRADES_LIMIT }, (_, i) => trade(`o${i}`, 100 - i));
    const merged = mergeTrades(old, [trade('n1', 101), trade('o0', 100), trade('n2', 102)])!;
    expect(merged.slice(0, 3).map((t) => t.id)).toEqual(['n2', 'n1', 'o0']);
    expect(merged).toHaveLength(TRADES_LIMIT);
    expect(mergeTrades(old, [trade('o3', 97)])).toBe(old);
  });
});

describe('the tickers query', () => {
  it('keeps the merged list as it is (no field-by-field comparison), and what a page selects from it while that does not change', () => {
    const client = new QueryClient();
    const listed = [ticker('BTC/USDT', '1', 1), ticker('ETH/USDT', '2', 1)];
    client.setQueryData(tickersQuery.queryKey, listed);
    const quotes = new QueryObserver(client, { ...tickersQuery, enabled: false, select: (list: Ticker[]) => [...new Set(list.map((t) => t.quote))] });
    const stop = quotes.subscribe(() => {});
    const before = quotes.getCurrentResult().data;
    expect(before).toEqual(['USDT']);

    const ticked = mergeTickers(listed, [ticker('BTC/USDT', '3', 2)]);
    client.setQueryData(tickersQuery.queryKey, ticked);
    expect(client.getQueryData(tickersQuery.queryKey)).toBe(ticked);
    expect(quotes.getCurrentResult().data).toBe(before);
    stop();
  });
});
