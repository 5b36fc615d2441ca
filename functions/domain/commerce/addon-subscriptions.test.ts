import { describe, expect, it } from 'vitest';
import { addonEnding } from './addon-subscriptions';
import type { SubscriptionRecord } from './commerce.repository';

const row = (id: number, fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id,
  reference: 'ADD-1',
  index: id,
  license_id: 100 + id,
  user_id: 7,
  product: 'battery-addon-yearly',
  addon_id: 'Battery',
  state: 'active',
  version: 0,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('ending add-on rows at the provider (addonEnding)', () => {
  it('ends the whole provider subscription when the rows are every license it still pays for', () => {
    expect(addonEnding('ADD-1', [row(1), row(2)], [row(1), row(2)])).toEqual({ reference: 'ADD-1', rowIds: [1, 2], end: 'all' });
  });

  it('lowers its quantity to the licenses left: the number left, so asking twice asks the same', () => {
    const rows = [row(1), row(2), row(3)];
    expect(addonEnding('ADD-1', [row(2)], rows)).toEqual({ reference: 'ADD-1', rowIds: [2], end: 'quantity', product: 'battery-addon-yearly', quantity: 2 });
  });

  it('counts no row that left it or ended: those are paid for no longer', () => {
    const rows = [row(1), row(2, { ended_by_conversion_of: 9 }), row(3, { state: 'deactivated' }), row(4, { state: 'canceled', canceled_with: 8 })];
    expect(addonEnding('ADD-1', [row(1)], rows)).toEqual({ reference: 'ADD-1', rowIds: [1], end: 'all' });
    expect(addonEnding('ADD-1', [row(1)], [...rows, row(5, { canceled_with: 8, canceled_whole: true })]).end).toBe('quantity');
  });

  it('ends all of a provider subscription the portal has no record of', () => {
    expect(addonEnding('ADD-1', [row(1)], null)).toEqual({ reference: 'ADD-1', rowIds: [1], end: 'all' });
  });
});
