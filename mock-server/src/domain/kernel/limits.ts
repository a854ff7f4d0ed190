/**
 * Attempt limits for guessable secrets (passwords, verification codes): at most `max` failures per
 * key within a sliding `windowMs` of virtual time; while a key is over its limit every attempt is
 * refused, right or wrong, with the time until the oldest failure leaves the window.
 */
import { DomainError } from './errors.ts';

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** Beyond this many keys, keys whose failures have all left the window are dropped. */
const PRUNE_ABOVE = 10_000;

const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new DomainError('too_many_attempts', `Too many attempts: please try again in ${Math.ceil(seconds / 60)} min`).with({
    seconds,
    minutes: Math.ceil(seconds / 60),
  });
};

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until `key` may try again, 0 when it may now. */
  waitMs(key: string): number {
    const list = this.recent(key);
    if (list.length < this.rule.max) return 0;
    return list[list.length - this.rule.max] + this.rule.windowMs - this.now();
  }

  /** Throws `too_many_attempts` while `key` is over its limit. */
  check(key: string): void {
    const wait = this.waitMs(key);
    if (wait > 0) throw tooManyAttempts(wait);
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > PRUNE_ABOVE) for (const k of [...this.failures.keys()]) this.recent(k);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  get size(): number {
    return this.failures.size;
  }
}
