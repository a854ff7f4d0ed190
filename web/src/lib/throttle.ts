/**
 * Leading-and-trailing throttle for realtime feeds: `request()` as often as events arrive, `run`
 * happens at most once every `ms` (the first request at once, the rest of a window in one trailing
 * call). The clock is injectable for tests.
 */
export interface TimerClock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export const realClock: TimerClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface Throttle {
  request(): void;
  /** Drops a pending trailing run. */
  cancel(): void;
}

export function throttle(run: () => void, ms: number, clock: TimerClock = realClock): Throttle {
  let last = -Infinity;
  let timer: unknown = null;
  const fire = () => {
    timer = null;
    last = clock.now();
    run();
  };
  return {
    request() {
      if (timer !== null) return;
      const wait = last + ms - clock.now();
      if (wait <= 0) fire();
      else timer = clock.setTimer(fire, wait);
    },
    cancel() {
      if (timer !== null) clock.clearTimer(timer);
      timer = null;
    },
  };
}
