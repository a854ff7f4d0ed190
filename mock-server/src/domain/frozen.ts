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
