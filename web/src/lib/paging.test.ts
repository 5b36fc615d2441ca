import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './paging';

describe('pageCount', () => {
  it('is floor((count-1)/size)+1, and no page for no rows', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(400, 20)).toBe(20);
    expect(pageCount(401, 20)).toBe(21);
  });
});

describe('pageWindow', () => {
  it('offers every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('offers ten pages around the current one of a long list, four before it', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(5, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(10, 50)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pageWindow(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(pageWindow(48, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });

  it('offers nothing when there is no page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
