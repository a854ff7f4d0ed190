/**
 * Read answers the domain serves again unchanged (the settings, the coin list, a second's tickers,
 * a book or a wallet until it changes) are frozen, all the way down: nothing can change them after
 * they were made, so an adapter may keep their encoding (the HTTP adapter keeps their JSON).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Frozen answers kept per key (a caller, a query) while their stamp stays the same: what they were
 * made from (the clock's now, a version counter that grows with every change they show). At most
 * `max` keys, the one made longest ago dropped first: keys come from query parameters, which are
 * user input, so they must not grow it without bound.
 */
export class FrozenCache<T> {
  private readonly entries = new Map<string, { stamp: string | number; value: T }>();

  constructor(private readonly max = 64) {}

  get(key: string, stamp: string | number, make: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.stamp === stamp) return hit.value;
    const value = deepFreeze(make());
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
