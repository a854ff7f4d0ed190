/**
 * Results of pure, costly functions kept across worlds: a seeded account's password hash, a symbol's
 * synthetic price history. Tests and the e2e suite build worlds of the same few seeds again and again
 * (one per test), and each such result comes out the same every time, so only the first build of a
 * seed pays for it. A value is a function of its key alone (never of a world's mutable state), and
 * must not be changeable by whoever gets it: a string, or data its owner copies out of and never
 * hands over.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();

  /** At most `max` keys, the one used longest ago dropped first. */
  constructor(private readonly max: number) {}

  /** The value of `key`: kept from an earlier call, else `make()` (then kept). */
  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
    } else {
      value = make();
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    return value;
  }
}
