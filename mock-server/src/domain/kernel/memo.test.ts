import { describe, expect, it } from 'vitest';
import { Memo } from './memo';

describe('memo', () => {
  it('makes each value once while kept, and keeps at most its bound, the one used longest ago out first', () => {
    const memo = new Memo<string>(2);
    const made: string[] = [];
    const get = (key: string) => memo.get(key, () => (made.push(key), `value of ${key}`));
    expect([get('a'), get('b'), get('a')]).toEqual(['value of a', 'value of b', 'value of a']);
    expect(made).toEqual(['a', 'b']);
    // 'b' is the one used longest ago: 'c' takes its place, 'a' stays.
    get('c');
    get('a');
    expect(made).toEqual(['a', 'b', 'c']);
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
