import { describe, expect, it, vi } from 'vitest';
import { throttle, type TimerClock } from './throttle';

function fakeClock(start = 1_000) {
  let now = start;
  const timers: Array<{ at: number; fn: () => void }> = [];
  const clock: TimerClock = {
    now: () => now,
    setTimer: (fn, ms) => timers.push({ at: now + ms, fn }),
    clearTimer: () => {},
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  return { clock, timers, advance };
}

describe('throttle', () => {
  it('runs the first request at once and the rest of the window once, on the next pulse', () => {
    const { clock, timers, advance } = fakeClock(1_010);
    const run = vi.fn();
    const th = throttle(run, 250, clock);
    th.request();
    expect(run).toHaveBeenCalledTimes(1);
    advance(30);
    th.request();
    th.request();
    th.request();
    expect(run).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(1);
    // On the next multiple of 250.
    expect(timers[0].at).toBe(1_250);
    advance(200);
    expect(run).toHaveBeenCalledTimes(1);
    advance(10);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('throttles sharing a period run in the same timer task', () => {
    const { clock, timers, advance } = fakeClock(2_000);
    const order: string[] = [];
    const book = throttle(() => order.push('book'), 250, clock);
    const trades = throttle(() => order.push('trades'), 250, clock);
    book.request();
    advance(20);
    trades.request();
    advance(40);
    book.request();
    trades.request();
    expect(timers).toHaveLength(1);
    advance(250);
    expect(order).toEqual(['book', 'trades', 'book', 'trades']);
  });

  it('clocks spreading the same timer source share its pulses', () => {
    const { clock, timers, advance } = fakeClock(3_000);
    const order: string[] = [];
    const a = throttle(() => order.push('a'), 250, clock);
    const b = throttle(() => order.push('b'), 250, { ...clock });
    a.request();
    b.request();
    advance(10);
    a.request();
    b.request();
    expect(timers).toHaveLength(1);
    advance(250);
    expect(order).toEqual(['a', 'b', 'a', 'b']);
  });

  it('cancel drops a pending run', () => {
    const { clock, advance } = fakeClock();
    const run = vi.fn();
    const th = throttle(run, 250, clock);
    th.request();
    th.request();
    th.cancel();
    advance(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
