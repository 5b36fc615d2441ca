import { describe, expect, it } from 'vitest';
import { pageOf, column } from '../../lib/lists/list-page';
import { productList, toAdminProductRow, type ProductListRow } from './product-list';

const row = (id: number, fields: Partial<ProductListRow> = {}): ProductListRow => ({
  id,
  created: `2024-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
  product_id: 'Arc',
  uid: `UID${id}`,
  hardware_version: '1.0',
  user_id: 10,
  license_id: null,
  ean: '7350000000001',
  ...fields,
});
const owner = (id: number, email: string, company: string) => ({ id, created: '', username: `u${id}`, email, first_name: 'A', last_name: 'B', company, legacy: false, accepted_marketing: false });
const owners = new Map([
  [10, owner(10, 'zed@example.com', 'Zed Ltd')],
  [11, owner(11, 'amy@example.com', 'Amy Corp')],
]);

describe('the registered products list', () => {
  it('finds a product by its id, owner id, uid, product or owner email', () => {
    const rows = [row(1), row(2, { user_id: 11, uid: 'ABCDEF', product_id: 'Ace' })];
    const find = (search: string) => rows.filter(productList.matches(search, { owners })).map((r) => r.id);
    expect(find('')).toEqual([1, 2]);
    expect(find('2')).toEqual([2]);
    expect(find('11')).toEqual([2]);
    expect(find('abcd')).toEqual([2]);
    expect(find('ace')).toEqual([2]);
    expect(find('amy@')).toEqual([2]);
    expect(find('zed ltd')).toEqual([1]);
    expect(find('nothing')).toEqual([]);
  });

  it('sorts by the owner email when asked for user', () => {
    const rows = [row(1), row(2, { user_id: 11 })];
    const page = pageOf(rows, { sortBy: productList.sortValue('user', { owners }), descending: false, tieBreaker: column('id'), page: 1, limit: 20 });
    expect(page.rows.map((r) => r.id)).toEqual([2, 1]);
  });

  it('shows a gone owner as an empty user', () => {
    expect(toAdminProductRow(row(1, { user_id: 99 }), owners)).toMatchObject({ user: '', banner: null, link: null });
  });
});
