import { describe, expect, it } from 'vitest';
import { nextSort } from './sorting';

describe('nextSort', () => {
  it('turns the direction round on the sorted column, and sorts another column ascending', () => {
    expect(nextSort({ orderBy: 'created', descending: true }, 'created')).toEqual({ orderBy: 'created', descending: false });
    expect(nextSort({ orderBy: 'created', descending: false }, 'created')).toEqual({ orderBy: 'created', descending: true });
    expect(nextSort({ orderBy: 'created', descending: true }, 'id')).toEqual({ orderBy: 'id', descending: false });
  });
});
