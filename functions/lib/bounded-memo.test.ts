import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('a bounded memo', () => {
  it('gives back what was set, and lets the oldest entry go when full', () => {
    const memo = boundedMemo<string, number>(2);
    expect(memo.set('a', 1)).toBe(1);
    memo.set('b', 2);
    expect([memo.get('a'), memo.get('b')]).toEqual([1, 2]);
    memo.set('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, 2, 3]);
  });
});

describe('a bounded memo set again', () => {
  it('keeps a value set again as the newest, and forgets what is deleted or cleared', () => {
    const memo = boundedMemo<string, number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('a', 3);
    memo.set('c', 4);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([3, undefined, 4]);
    memo.delete('a');
    expect(memo.get('a')).toBeUndefined();
    memo.clear();
    expect(memo.get('c')).toBeUndefined();
  });
});
