import { describe, expect, it } from 'vitest';
import { column, pageCount, pageOf } from './list-page';

interface Row {
  id: number;
  user: string;
  valid_to: string | null;
  enabled: boolean;
}

const rows: Row[] = [
  { id: 1, user: 'bea@example.com', valid_to: '2027-01-01', enabled: true },
  { id: 2, user: 'Ada@example.com', valid_to: null, enabled: false },
  { id: 3, user: 'carl@example.com', valid_to: '2026-05-01', enabled: true },
  { id: 4, user: 'ada@example.com', valid_to: '2026-05-01', enabled: true },
  { id: 5, user: 'dan@example.com', valid_to: '2028-09-09', enabled: false },
];
const ids = (page: { rows: Row[] }) => page.rows.map((row) => row.id);
const request = { sortBy: column<Row>('id'), descending: false, page: 1, limit: 20, tieBreaker: column<Row>('id') };

describe('an admin list page', () => {
  it('sorts by any column either way, ties by the tie breaker, letters without regard to case', () => {
    expect(ids(pageOf(rows, { ...request, sortBy: column<Row>('user') }))).toEqual([2, 4, 1, 3, 5]);
    expect(ids(pageOf(rows, { ...request, sortBy: column<Row>('user'), descending: true }))).toEqual([5, 3, 1, 4, 2]);
    expect(ids(pageOf(rows, { ...request, sortBy: column<Row>('enabled') }))).toEqual([2, 5, 1, 3, 4]);
  });

  it('puts empty cells last in both directions', () => {
    expect(ids(pageOf(rows, { ...request, sortBy: column<Row>('valid_to') }))).toEqual([3, 4, 1, 5, 2]);
    expect(ids(pageOf(rows, { ...request, sortBy: column<Row>('valid_to'), descending: true }))).toEqual([5, 1, 4, 3, 2]);
  });

  it('filters before counting and paging, numbering pages from 1', () => {
    const enabled = { ...request, filter: (row: Row) => row.enabled, limit: 2 };
    expect(pageOf(rows, enabled)).toMatchObject({ count: 3 });
    expect(ids(pageOf(rows, enabled))).toEqual([1, 3]);
    expect(ids(pageOf(rows, { ...enabled, page: 2 }))).toEqual([4]);
    expect(ids(pageOf(rows, { ...enabled, page: 3 }))).toEqual([]);
    expect(ids(pageOf(rows, { ...enabled, page: 0 }))).toEqual([1, 3]);
  });

  it('counts pages as floor((count - 1) / size) + 1', () => {
    expect([pageCount(0, 20), pageCount(1, 20), pageCount(20, 20), pageCount(21, 20), pageCount(200, 20)]).toEqual([1, 1, 1, 2, 10]);
  });

  it('gives the same page by selection (first pages) as by sorting everything (deep pages)', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ id: i + 1, user: `u${(i * 7919) % 613}`, valid_to: i % 11 ? `2027-01-${String((i % 28) + 1).padStart(2, '0')}` : null, enabled: i % 3 === 0 }));
    const sorted = [...many].sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : a.id - b.id));
    const byUser = { ...request, sortBy: column<Row>('user'), limit: 20 };
    expect(ids(pageOf(many, { ...byUser, page: 3 }))).toEqual(sorted.slice(40, 60).map((row) => row.id));
    expect(ids(pageOf(many, { ...byUser, page: 200 }))).toEqual(sorted.slice(3980, 4000).map((row) => row.id));
    expect(pageOf(many, { ...byUser, page: 200 }).count).toBe(5_000);
  });
});
