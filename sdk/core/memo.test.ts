import { describe, expect, it, vi } from 'vitest';
import { memoStrings } from './memo.js';

describe('memoStrings', () => {
  it('computes once per distinct arguments', () => {
    const fn = vi.fn((a: string, b: string) => `${a}|${b}`);
    const memo = memoStrings(fn);
    expect(memo('a', 'b')).toBe('a|b');
    expect(memo('a', 'b')).toBe('a|b');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never mixes up arguments that join to the same text', () => {
    const memo = memoStrings((a: string, b: string) => [a, b]);
    expect(memo('a\u0000b', 'c')).toEqual(['a\u0000b', 'c']);
    expect(memo('a', 'b\u0000c')).toEqual(['a', 'b\u0000c']);
    expect(memo('a,b', 'c')).toEqual(['a,b', 'c']);
    expect(memo('a', 'b,c')).toEqual(['a', 'b,c']);
  });

  it('remembers null and empty results too', () => {
    const fn = vi.fn((a: string) => (a === 'x' ? null : ''));
    const memo = memoStrings(fn);
    memo('x');
    memo('x');
    memo('y');
    memo('y');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('starts afresh past its limit, and still answers right', () => {
    const fn = vi.fn((a: string) => a.toUpperCase());
    const memo = memoStrings(fn, 2);
    expect(['a', 'b', 'c', 'a'].map((a) => memo(a))).toEqual(['A', 'B', 'C', 'A']);
    expect(fn).toHaveBeenCalledTimes(4);
  });
});
