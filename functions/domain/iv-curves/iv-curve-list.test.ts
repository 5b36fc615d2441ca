import { describe, expect, it } from 'vitest';
import { ivCurveList, type CurveOwners, type CurveProducts, type IvCurveListRow } from './iv-curve-list';

const curveMatches = (search: string, owners: CurveOwners, products: CurveProducts = new Map()) => ivCurveList.matches(search, { owners, products });
const curveSortValue = (column: 'model' | 'user', owners: CurveOwners) => ivCurveList.sortValue(column, { owners, products: new Map() });

const row = (fields: Partial<IvCurveListRow>): IvCurveListRow => ({
  id: 1,
  product_id: null,
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  user_id: 7,
  public: false,
  manufacturer: 'Acme Solar',
  model: 'SC-100',
  unit: 'mA',
  points: 3,
  ...fields,
});
const owners = new Map([[7, { email: 'Ada@example.com' }]]);

describe('searching and sorting the IV curve list', () => {
  it('finds a curve by its id, product or owner id, or by text in its names, unit or the owner email shown', () => {
    const curve = row({ id: 12, product_id: 34 });
    for (const search of ['12', '34', '7', 'acme', 'sc-1', 'MA', 'ada@']) expect(curveMatches(search, owners)(curve), search).toBe(true);
    for (const search of ['13', 'helios', 'bob@']) expect(curveMatches(search, owners)(curve), search).toBe(false);
    expect(curveMatches('  ', owners)(curve)).toBe(true);
  });

  it('finds a curve by its product’s kind or uid, where the viewer is shown the product', () => {
    const curve = row({ product_id: 34 });
    const products = new Map([[34, { product_id: 'Arc', uid: 'ARC1A2B3C11' }]]);
    for (const search of ['arc', 'arc1a2']) expect(curveMatches(search, owners, products)(curve), search).toBe(true);
    expect(curveMatches('arc1a2', owners)(curve)).toBe(false);
  });

  it('does not find a curve by an owner email the viewer is not shown', () => {
    expect(curveMatches('ada@', new Map())(row({}))).toBe(false);
  });

  it('sorts by a column, and by the owner email for user', () => {
    expect(curveSortValue('model', owners)(row({}))).toBe('SC-100');
    expect(curveSortValue('user', owners)(row({}))).toBe('Ada@example.com');
    expect(curveSortValue('user', owners)(row({ user_id: 8 }))).toBeNull();
  });
});
