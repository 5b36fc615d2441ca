import { describe, expect, it } from 'vitest';
import type { LicenseRecord } from '../licenses/licenses.repository';
import { linesOf, planClaim, planOrder, takesAddon } from './apply-order';
import { EventNotApplicableError } from './event-refusal';
import type { CompletedOrder, OrderItem } from './provider-event';

const BUYER = 7;
const DAY = '2026-03-15';

const order = (...items: OrderItem[]): CompletedOrder => ({ orderId: 'ORDER-1', userId: BUYER, items });
const plan = (value: CompletedOrder, day = DAY) => planOrder(value, linesOf(value), BUYER, day);

const owned = (id: number, fields: Partial<LicenseRecord> = {}) =>
  ({ id, user_id: BUYER, license_type_id: 'Pro', enabled: true, valid_from: '2025-01-01', addons: [], version: 0, ...fields }) as LicenseRecord;

describe('the lines of an order', () => {
  it('refuses an order naming a product the catalogue does not sell', () => {
    expect(() => linesOf(order({ path: 'unknown-product', quantity: 1 }))).toThrow(new EventNotApplicableError('Order ORDER-1: unknown product unknown-product'));
  });

  it('refuses a quantity below 1 or above 100', () => {
    expect(() => linesOf(order({ path: 'pro-perpetual', quantity: 0 }))).toThrow('Order ORDER-1: quantity 0 of pro-perpetual');
    expect(() => linesOf(order({ path: 'pro-perpetual', quantity: 101 }))).toThrow('Order ORDER-1: quantity 101 of pro-perpetual');
    expect(linesOf(order({ path: 'pro-perpetual', quantity: 100 }))).toHaveLength(1);
  });
});

describe('what an order creates (planOrder)', () => {
  it('creates one license per unit bought: a line of quantity 3 gives 3 licenses, tagged with the order', () => {
    const { licenses } = plan(order({ path: 'pro-perpetual', quantity: 3 }));
    expect(licenses.map(({ index, fields }) => [index, fields.license_type_id, fields.tag])).toEqual([
      [0, 'Pro', 'order:ORDER-1'],
      [1, 'Pro', 'order:ORDER-1'],
      [2, 'Pro', 'order:ORDER-1'],
    ]);
  });

  it('creates a license for each of two lines of the same product: a line bought twice is two purchases', () => {
    const { licenses } = plan(order({ path: 'automation-battery-toolbox-perpetual', quantity: 1 }, { path: 'automation-battery-toolbox-perpetual', quantity: 1 }));
    expect(licenses.map(({ fields }) => fields.license_type_id)).toEqual(['All', 'All']);
    expect(licenses.map(({ index }) => index)).toEqual([0, 0]);
  });

  it('gives a perpetual license no end, and a yearly, monthly or legacy Year 1 license one period from the day', () => {
    const ends = (path: string, next?: string) => plan(order({ path, quantity: 1, ...(next ? { next } : {}) })).licenses[0]!.fields.valid_to;
    expect(ends('pro-perpetual')).toBeUndefined();
    expect(ends('pro-yearly')).toBe('2027-03-15');
    expect(ends('pro-monthly')).toBe('2026-04-15');
    expect(ends('legacy-automation-year-1')).toBe('2027-03-15');
  });

  it("ends a subscription's first period where the provider says its next charge is", () => {
    expect(plan(order({ path: 'pro-yearly', quantity: 1, subscription: 'SUB-1', next: '2027-03-20' })).licenses[0]!.fields.valid_to).toBe('2027-03-20');
  });

  it('marks a license a subscription pays for active and names the subscription; a one-off license has no subscription', () => {
    const { licenses } = plan(order({ path: 'pro-yearly', quantity: 2, subscription: 'SUB-1' }, { path: 'pro-perpetual', quantity: 1 }));
    expect(licenses.map(({ subscription, fields }) => [subscription, fields.subscription_state])).toEqual([
      ['SUB-1', 'active'],
      ['SUB-1', 'active'],
      [undefined, undefined],
    ]);
  });

  it('puts an add-on bought with a Pro license onto that license, whatever the order of the lines', () => {
    const { licenses, addons, existingAddons } = plan(order({ path: 'automation-addon-perpetual', quantity: 1 }, { path: 'pro-perpetual', quantity: 1 }));
    expect(licenses[0]!.fields.addons).toEqual([{ id: 'Automation' }]);
    expect(addons.map(({ addon, target }) => [addon, target])).toEqual([['Automation', { planned: 0 }]]);
    expect(existingAddons).toEqual([]);
  });

  it('puts the same add-on bought twice onto two licenses: a license takes each add-on once', () => {
    const { licenses, addons, existingAddons } = plan(order({ path: 'pro-perpetual', quantity: 1 }, { path: 'battery-addon-perpetual', quantity: 2 }));
    expect(licenses[0]!.fields.addons).toEqual([{ id: 'Battery' }]);
    expect(addons.map(({ target }) => target)).toEqual([{ planned: 0 }, { existing: 0 }]);
    expect(existingAddons.map(({ addon }) => addon)).toEqual(['Battery']);
  });

  it('gives no add-on to a toolbox license (it has them) and leaves it for a license the buyer had', () => {
    const { licenses, existingAddons } = plan(order({ path: 'automation-battery-toolbox-perpetual', quantity: 1 }, { path: 'automation-addon-yearly', quantity: 1, subscription: 'SUB-2' }));
    expect(licenses[0]!.fields.addons).toEqual([]);
    expect(existingAddons.map(({ addon }) => addon)).toEqual(['Automation']);
  });

  it('creates nothing for a service and plans a legacy upgrade as an upgrade, not a license', () => {
    const planned = plan(order({ path: 'calibration-service', quantity: 1 }, { path: 'legacy-battery-year-2', quantity: 1 }));
    expect(planned.licenses).toEqual([]);
    expect(planned.upgrades.map(({ line }) => line.path)).toEqual(['legacy-battery-year-2']);
  });

  it('plans the same licenses and add-ons on every delivery: a re-delivery continues where the record says', () => {
    const twice = order({ path: 'pro-yearly', quantity: 10, subscription: 'SUB-1' }, { path: 'automation-addon-yearly', quantity: 10, subscription: 'SUB-2' });
    expect(plan(twice)).toEqual(plan(structuredClone(twice)));
  });
});

describe('which licenses may take an add-on', () => {
  it('takes an add-on on an enabled, unexpired Pro license that does not have it yet', () => {
    expect(takesAddon(owned(1), 'Automation', DAY)).toBe(true);
    expect(takesAddon(owned(1, { valid_to: DAY }), 'Automation', DAY)).toBe(true);
    expect(takesAddon(owned(1, { valid_to: '2026-03-14' }), 'Automation', DAY)).toBe(false);
    expect(takesAddon(owned(1, { enabled: false }), 'Automation', DAY)).toBe(false);
    expect(takesAddon(owned(1, { license_type_id: 'All' }), 'Automation', DAY)).toBe(false);
    expect(takesAddon(owned(1, { addons: [{ id: 'Automation' }] }), 'Automation', DAY)).toBe(false);
    expect(takesAddon(owned(1, { addons: [{ id: 'Battery' }] }), 'Automation', DAY)).toBe(true);
  });
});

describe('what an order changes on licenses the buyer had (planClaim)', () => {
  it('puts each add-on onto the first Pro license that takes it, the second of a kind onto the next', () => {
    const value = order({ path: 'automation-addon-perpetual', quantity: 2 });
    const claim = planClaim(value, plan(value), [owned(3), owned(5, { enabled: false }), owned(8)], DAY);
    expect(claim.addedAddons).toEqual([
      { license_id: 3, addon_id: 'Automation' },
      { license_id: 8, addon_id: 'Automation' },
    ]);
    expect([...claim.changes.values()].map(({ license, changes }) => [license.id, changes])).toEqual([
      [3, { addons: [{ id: 'Automation' }] }],
      [8, { addons: [{ id: 'Automation' }] }],
    ]);
  });

  it('puts two different add-ons onto one license, keeping what it had', () => {
    const value = order({ path: 'automation-addon-perpetual', quantity: 1 }, { path: 'battery-addon-perpetual', quantity: 1 });
    const claim = planClaim(value, plan(value), [owned(3)], DAY);
    expect(claim.changes.get(3)?.changes).toEqual({ addons: [{ id: 'Automation' }, { id: 'Battery' }] });
  });

  it('refuses an add-on when the buyer has no Pro license to take it', () => {
    const value = order({ path: 'battery-addon-perpetual', quantity: 1 });
    expect(() => planClaim(value, plan(value), [owned(3, { addons: [{ id: 'Battery' }] })], DAY)).toThrow(
      new EventNotApplicableError(`Order ORDER-1: user ${BUYER} has no Pro license to take the Battery add-on`),
    );
  });

  it('extends a license marked for a legacy upgrade by a year from its end and moves its mark to the next upgrade', () => {
    const value = order({ path: 'legacy-battery-year-2', quantity: 1 });
    const license = owned(4, { license_type_id: 'Battery', valid_to: '2026-06-01', to_fastspring_product: 'legacy-battery-year-2' });
    const claim = planClaim(value, plan(value), [license], DAY);
    expect(claim.changes.get(4)?.changes).toEqual({ valid_to: '2027-06-01', to_fastspring_product: 'legacy-battery-year-3' });
    expect(claim.extensions).toEqual([
      { license_id: 4, valid_to_before: '2026-06-01', mark_before: 'legacy-battery-year-2', valid_to_after: '2027-06-01', mark_after: 'legacy-battery-year-3' },
    ]);
  });

  it('extends an expired license by a year from today, and the last upgrade (Year 3) leaves no mark', () => {
    const value = order({ path: 'legacy-battery-year-3', quantity: 1 });
    const license = owned(4, { license_type_id: 'Battery', valid_to: '2025-01-01', to_fastspring_product: 'legacy-battery-year-3' });
    const claim = planClaim(value, plan(value), [license], DAY);
    expect(claim.changes.get(4)?.changes).toEqual({ valid_to: '2027-03-15', to_fastspring_product: null });
    expect(claim.extensions[0]).toEqual({ license_id: 4, valid_to_before: '2025-01-01', mark_before: 'legacy-battery-year-3', valid_to_after: '2027-03-15' });
  });

  it('refuses an upgrade bought for more licenses than are marked for it', () => {
    const value = order({ path: 'legacy-battery-year-2', quantity: 2 });
    const marked = owned(4, { license_type_id: 'Battery', valid_to: '2026-06-01', to_fastspring_product: 'legacy-battery-year-2' });
    expect(() => planClaim(value, plan(value), [marked, owned(5)], DAY)).toThrow(`Order ORDER-1: user ${BUYER} has 1 license(s) marked for legacy-battery-year-2, not 2`);
  });
});
