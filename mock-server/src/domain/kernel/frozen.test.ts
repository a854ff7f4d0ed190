/** FrozenCache: one frozen answer per key while its stamp holds, and never more keys than it may keep. */
import { describe, expect, it } from 'vitest';
import { FrozenCache } from './frozen';

describe('FrozenCache', () => {
  it('answers the same frozen value while the stamp holds, and makes it again when it moves', () => {
    const cache = new FrozenCache<{ n: number; list: number[] }>(4);
    let made = 0;
    const make = () => ({ n: ++made, list: [made] });
    const first = cache.get('a', 1, make);
    expect(cache.get('a', 1, make)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.list)).toBe(true);
    expect(cache.get('b', 1, make)).not.toBe(first);
    expect(cache.get('a', 2, make).n).toBe(3);
  });

  it('keeps at most its bound of keys, dropping the one made longest ago', () => {
    const cache = new FrozenCache<number>(3);
    let made = 0;
    for (let page = 1; page <= 1000; page++) cache.get(`page ${page}`, 0, () => ++made);
    expect(made).toBe(1000);
    // The last three are kept; the first went long ago and is made again.
    expect(cache.get('page 1000', 0, () => ++made)).toBe(1000);
    expect(cache.get('page 998', 0, () => ++made)).toBe(998);
    expect(cache.get('page 1', 0, () => ++made)).toBe(1001);
    // Making `page 1` again dropped the oldest kept (`page 998`); `page 999` is still there.
    expect(cache.get('page 999', 0, () => ++made)).toBe(999);
    expect(cache.get('page 998', 0, () => ++made)).toBe(1002);
  });

  it('keeps nothing when making the answer throws', () => {
    const cache = new FrozenCache<number>(2);
    expect(() =>
      cache.get('x', 0, () => {
        throw new Error('not found');
      }),
    ).toThrow('not found');
    expect(cache.get('x', 0, () => 7)).toBe(7);
  });
});
