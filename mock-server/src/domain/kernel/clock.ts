/**
 * The virtual clock. Time moves only when the host calls `follow(realNow)` (while not frozen) or
 * `advance(ms)`; listeners hear every move, so the market can tick for each virtual second.
 */
export const FROZEN_EPOCH = Date.UTC(2026, 0, 1);

export class VirtualClock {
  private time: number;
  private lastReal: number | null = null;
  frozen: boolean;
  private readonly listeners: Array<(now: number) => void> = [];

  constructor(start: number, frozen: boolean) {
    this.time = start;
    this.frozen = frozen;
  }

  now(): number {
    return this.time;
  }

  onMove(listener: (now: number) => void): void {
    this.listeners.push(listener);
  }

  advance(ms: number): void {
    if (ms <= 0) return;
    this.time += ms;
    for (const l of this.listeners) l(this.time);
  }

  /** Called by the host with real time; moves the clock by the real time passed unless frozen. */
  follow(realNow: number): void {
    const last = this.lastReal;
    this.lastReal = realNow;
    if (this.frozen || last === null) return;
    this.advance(realNow - last);
  }

  setFrozen(frozen: boolean): void {
    this.frozen = frozen;
    this.lastReal = null;
  }
}
