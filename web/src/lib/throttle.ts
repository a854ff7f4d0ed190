/**
 * Throttling for realtime feeds. `request()` as often as events arrive; `run` happens at most once
 * per pulse, a boundary of the clock every `ms` (a multiple of `ms`): a request after a quiet
 * period of `ms` runs at once, the others on the next pulse. Every throttle with the same period and clock shares
 * one timer per pulse, so the book, the trades and the tickers of a page reach React in the same
 * task: one render, one layout and one paint instead of three. The clock is injectable for tests.
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

/** How often live data reaches the screen: 4 times a second. */
export const LIVE_UPDATE_MS = 250;

export interface Throttle {
  request(): void;
  /** Drops a pending trailing run. */
  cancel(): void;
}

type Pulse = { runs: Set<() => void> };
/**
 * Pending pulses per timer source (the clock's setTimer, so that clocks built by spreading
 * realClock share them), keyed by their due time.
 */
const pulses = new WeakMap<TimerClock['setTimer'], Map<number, Pulse>>();

function onPulse(clock: TimerClock, due: number, run: () => void): () => void {
  let byDue = pulses.get(clock.setTimer);
  if (!byDue) pulses.set(clock.setTimer, (byDue = new Map()));
  let pulse = byDue.get(due);
  if (!pulse) {
    const created: Pulse = { runs: new Set() };
    byDue.set(due, (pulse = created));
    clock.setTimer(
      () => {
        byDue.delete(due);
        for (const r of created.runs) r();
      },
      Math.max(0, due - clock.now()),
    );
  }
  const runs = pulse.runs;
  runs.add(run);
  return () => runs.delete(run);
}

/**
 * Runs `run` once, on the first pulse at least `after` ms from now (with the live data of that
 * pulse, so both reach the screen in one frame). Returns a function that cancels it.
 */
export function atPulse(run: () => void, after = 0, ms: number = LIVE_UPDATE_MS, clock: TimerClock = realClock): () => void {
  return onPulse(clock, (Math.floor((clock.now() + after) / ms) + 1) * ms, run);
}

export function throttle(run: () => void, ms: number = LIVE_UPDATE_MS, clock: TimerClock = realClock): Throttle {
  let last = -Infinity;
  let pending: (() => void) | null = null;
  const fire = () => {
    pending = null;
    last = clock.now();
    run();
  };
  return {
    request() {
      if (pending) return;
      const now = clock.now();
      if (now - last >= ms) return fire();
      pending = atPulse(fire, 0, ms, clock);
    },
    cancel() {
      pending?.();
      pending = null;
    },
  };
}
