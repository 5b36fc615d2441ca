import { describe, expect, it } from 'vitest';
import type { LicenseRecord } from '../licenses/licenses.repository';
import { OVERDUE_GRACE_DAYS, returnChanges, subscriptionRowChanges } from './apply-event';
import type { OrderRecord, SubscriptionRecord } from './commerce.repository';
import { EventNotApplicableError } from './event-refusal';
import type { SubscriptionChange } from './provider-event';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const BUYER = 7;

const license = (id: number, fields: Partial<LicenseRecord> = {}) =>
  ({ id, user_id: BUYER, license_type_id: 'Pro', enabled: true, valid_from: '2025-06-01', valid_to: '2026-06-01', addons: [], subscription_state: 'active', version: 0, ...fields }) as LicenseRecord;

const row = (id: number, licenseId: number, fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id,
  reference: 'SUB-1',
  index: 0,
  license_id: licenseId,
  user_id: BUYER,
  product: 'pro-yearly',
  state: 'active',
  renews_at: '2026-06-01',
  version: 0,
  created: '2025-06-01T00:00:00.000Z',
  updated: '2025-06-01T00:00:00.000Z',
  ...fields,
});

const stored = (rows: SubscriptionRecord[], licenses: LicenseRecord[]) => ({ rows, licenses: new Map(licenses.map((l) => [l.id, l])) });
const SUB: SubscriptionChange = { reference: 'SUB-1' };

/** The changes an event plans, by row id: [row changes, license changes]. */
const planned = (type: string, change: SubscriptionChange, state: ReturnType<typeof stored>, done?: Set<number>) =>
  Object.fromEntries(subscriptionRowChanges(type, change, state, NOW, done).map(({ row, changes }) => [row.id, [changes.subscription, changes.license]]));

describe('a subscription event (subscriptionRowChanges)', () => {
  it('refuses an event for a subscription the portal does not know, changing nothing', () => {
    expect(() => subscriptionRowChanges('subscription.canceled', { reference: 'SUB-9' }, null, NOW)).toThrow(
      new EventNotApplicableError('subscription.canceled: unknown subscription SUB-9'),
    );
  });

  it('refuses an event whose row names a license that is gone', () => {
    expect(() => planned('subscription.canceled', SUB, stored([row(1, 10)], []))).toThrow('subscription.canceled: license 10 of subscription 1 is gone');
  });

  it('renews each license a charge pays for to the next charge the provider names', () => {
    const state = stored([row(1, 10), row(2, 11, { index: 1 })], [license(10), license(11)]);
    expect(planned('subscription.charge.completed', { reference: 'SUB-1', next: '2027-06-01' }, state)).toEqual({
      1: [{ state: 'active', renews_at: '2027-06-01' }, { subscription_state: 'active', valid_to: '2027-06-01' }],
      2: [{ state: 'active', renews_at: '2027-06-01' }, { subscription_state: 'active', valid_to: '2027-06-01' }],
    });
  });

  it("renews by one period from the license's end when the provider names no next charge, or from today when it ended", () => {
    expect(planned('subscription.charge.completed', SUB, stored([row(1, 10)], [license(10)]))[1]![1]).toEqual({ subscription_state: 'active', valid_to: '2027-06-01' });
    const monthly = stored([row(1, 10, { product: 'pro-monthly' })], [license(10, { valid_to: '2026-01-01' })]);
    expect(planned('subscription.charge.completed', SUB, monthly)[1]![1]).toEqual({ subscription_state: 'active', valid_to: '2026-04-15' });
  });

  it("renews an add-on's row from its own renewal day and leaves its license's end alone", () => {
    const state = stored([row(1, 10, { product: 'battery-addon-yearly', addon_id: 'Battery', renews_at: '2026-09-01' })], [license(10, { addons: [{ id: 'Battery' }] })]);
    expect(planned('subscription.charge.completed', SUB, state)).toEqual({ 1: [{ state: 'active', renews_at: '2027-09-01' }, {}] });
  });

  it('changes nothing on a re-delivered event whose changes are stored already', () => {
    const renewed = stored([row(1, 10, { renews_at: '2027-06-01' })], [license(10, { valid_to: '2027-06-01' })]);
    expect(planned('subscription.charge.completed', { reference: 'SUB-1', next: '2027-06-01' }, renewed)).toEqual({});
    const canceled = stored([row(1, 10, { state: 'canceled' })], [license(10, { subscription_state: 'canceled' })]);
    expect(planned('subscription.canceled', SUB, canceled)).toEqual({});
  });

  it('leaves out the rows an earlier step of the same event applied', () => {
    const state = stored([row(1, 10), row(2, 11, { index: 1 }), row(3, 12, { index: 2 })], [license(10), license(11), license(12)]);
    expect(Object.keys(planned('subscription.canceled', SUB, state, new Set([1, 3])))).toEqual(['2']);
  });

  it('cancels a row and marks its license canceled; resuming clears what the cancel of its license recorded on an add-on', () => {
    expect(planned('subscription.canceled', SUB, stored([row(1, 10)], [license(10)]))).toEqual({ 1: [{ state: 'canceled' }, { subscription_state: 'canceled' }] });
    const addon = row(2, 10, { state: 'canceled', addon_id: 'Battery', product: 'battery-addon-yearly', canceled_with: 1, canceled_whole: true });
    expect(planned('subscription.uncanceled', SUB, stored([addon], [license(10, { subscription_state: 'canceled' })]))).toEqual({
      2: [{ state: 'active', canceled_with: null, canceled_whole: null }, { subscription_state: 'active' }],
    });
  });

  it(`keeps an overdue license working ${OVERDUE_GRACE_DAYS} days from today, never shortening it`, () => {
    expect(planned('subscription.payment.overdue', SUB, stored([row(1, 10)], [license(10, { valid_to: '2026-03-16' })]))).toEqual({
      1: [{ state: 'overdue' }, { subscription_state: 'overdue', valid_to: '2026-03-22' }],
    });
    expect(planned('subscription.payment.overdue', SUB, stored([row(1, 10)], [license(10)]))[1]![1]).toEqual({ subscription_state: 'overdue', valid_to: '2026-06-01' });
  });

  it('ends a license on the end the provider names (today without one) and never extends it', () => {
    expect(planned('subscription.deactivated', { reference: 'SUB-1', end: '2026-04-01' }, stored([row(1, 10)], [license(10)]))).toEqual({
      1: [{ state: 'deactivated', renews_at: null }, { subscription_state: 'deactivated', valid_to: '2026-04-01' }],
    });
    expect(planned('subscription.deactivated', SUB, stored([row(1, 10)], [license(10, { valid_to: '2026-03-01' })]))[1]![1]).toEqual({
      subscription_state: 'deactivated',
      valid_to: '2026-03-01',
    });
  });

  it('takes an ended add-on subscription off its license, keeping the other add-ons', () => {
    const addon = row(2, 10, { addon_id: 'Battery', product: 'battery-addon-yearly' });
    const state = stored([addon], [license(10, { addons: [{ id: 'Automation' }, { id: 'Battery' }] })]);
    expect(planned('subscription.deactivated', SUB, state)).toEqual({ 2: [{ state: 'deactivated', renews_at: null }, { addons: [{ id: 'Automation' }] }] });
  });

  it('converts a Pro subscription changed to the toolbox: the license becomes the toolbox without add-ons', () => {
    const state = stored([row(1, 10)], [license(10, { addons: [{ id: 'Battery' }] })]);
    expect(planned('subscription.updated', { reference: 'SUB-1', product: 'automation-battery-toolbox-yearly' }, state)).toEqual({
      1: [
        { product: 'automation-battery-toolbox-yearly', converted_from: 'pro-yearly', converted_on: '2026-03-15' },
        { license_type_id: 'All', addons: [] },
      ],
    });
  });

  it('converts no add-on row and no row to a product that is not a license; only its next charge follows', () => {
    const addon = row(2, 10, { addon_id: 'Battery', product: 'battery-addon-yearly' });
    const state = stored([addon], [license(10, { addons: [{ id: 'Battery' }] })]);
    expect(planned('subscription.updated', { reference: 'SUB-1', product: 'automation-battery-toolbox-yearly', next: '2026-10-01' }, state)).toEqual({
      2: [{ renews_at: '2026-10-01' }, {}],
    });
    expect(planned('subscription.updated', { reference: 'SUB-1', product: 'battery-addon-yearly' }, stored([row(1, 10)], [license(10)]))).toEqual({});
  });

  it('leaves alone the add-on rows that left the provider subscription; a row canceled with it whole still follows it', () => {
    const ended = row(2, 10, { addon_id: 'Battery', product: 'battery-addon-yearly', ended_by_conversion_of: 1 });
    const takenOut = row(3, 11, { addon_id: 'Battery', product: 'battery-addon-yearly', state: 'canceled', canceled_with: 5 });
    const whole = row(4, 12, { addon_id: 'Battery', product: 'battery-addon-yearly', canceled_with: 6, canceled_whole: true });
    const state = stored([ended, takenOut, whole], [license(10), license(11), license(12)]);
    expect(Object.keys(planned('subscription.charge.completed', { reference: 'SUB-1', next: '2027-06-01' }, state))).toEqual(['4']);
  });
});

const orderRecord = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  order_id: 'ORDER-1',
  user_id: BUYER,
  license_ids: [],
  addons: [],
  extended_ids: [],
  extensions: [],
  items: [],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const returned = (order: OrderRecord, licenses: LicenseRecord[]) => {
  const { changes, unrestored } = returnChanges(order, new Map(licenses.map((l) => [l.id, l])));
  return { changes: Object.fromEntries([...changes].map(([id, { changes: fields }]) => [id, fields])), unrestored };
};

describe('a refund (returnChanges)', () => {
  it('refuses a refund of an order still being applied in steps', () => {
    expect(() => returned(orderRecord({ steps: 3, steps_done: 1 }), [])).toThrow(new EventNotApplicableError('return.created: order ORDER-1 is still being applied'));
  });

  it('disables the licenses the order created; one disabled already (a refund continued) is left as it is', () => {
    expect(returned(orderRecord({ license_ids: [10, 11, 12] }), [license(10), license(11, { enabled: false })])).toEqual({ changes: { 10: { enabled: false } }, unrestored: [] });
  });

  it('takes off only the add-ons the order put on licenses the buyer had', () => {
    const order = orderRecord({ addons: [{ license_id: 10, addon_id: 'Battery' }, { license_id: 11, addon_id: 'Battery' }] });
    const licenses = [license(10, { addons: [{ id: 'Automation' }, { id: 'Battery' }] }), license(11, { addons: [{ id: 'Automation' }] })];
    expect(returned(order, licenses)).toEqual({ changes: { 10: { addons: [{ id: 'Automation' }] } }, unrestored: [] });
  });

  const upgrade = { license_id: 10, valid_to_before: '2026-06-01', mark_before: 'legacy-battery-year-2', valid_to_after: '2027-06-01', mark_after: 'legacy-battery-year-3' };

  it("restores an upgraded license's previous end and upgrade mark exactly", () => {
    const upgraded = license(10, { license_type_id: 'Battery', valid_to: '2027-06-01', to_fastspring_product: 'legacy-battery-year-3' });
    expect(returned(orderRecord({ extended_ids: [10], extensions: [upgrade] }), [upgraded])).toEqual({
      changes: { 10: { valid_to: '2026-06-01', to_fastspring_product: 'legacy-battery-year-2' } },
      unrestored: [],
    });
  });

  it('removes the end and the mark an upgraded license did not have before', () => {
    const bare = { license_id: 10, valid_to_after: '2027-03-15' };
    expect(returned(orderRecord({ extended_ids: [10], extensions: [bare] }), [license(10, { valid_to: '2027-03-15' })]).changes).toEqual({
      10: { valid_to: null, to_fastspring_product: null },
    });
  });

  it('leaves an upgraded license changed since as it is and names it for support', () => {
    const edited = license(10, { license_type_id: 'Battery', valid_to: '2028-01-01', to_fastspring_product: 'legacy-battery-year-3' });
    expect(returned(orderRecord({ extended_ids: [10], extensions: [upgrade] }), [edited])).toEqual({ changes: {}, unrestored: [10] });
  });

  it('changes nothing on an upgraded license restored already, and names licenses an old order extended without a record of how', () => {
    const restored = license(10, { license_type_id: 'Battery', valid_to: '2026-06-01', to_fastspring_product: 'legacy-battery-year-2' });
    expect(returned(orderRecord({ extended_ids: [10, 20], extensions: [upgrade] }), [restored])).toEqual({ changes: {}, unrestored: [20] });
  });

  it('disables a license the order created and takes back its upgrade in one change', () => {
    const order = orderRecord({ license_ids: [10], extended_ids: [10], extensions: [upgrade] });
    const upgraded = license(10, { valid_to: '2027-06-01', to_fastspring_product: 'legacy-battery-year-3' });
    expect(returned(order, [upgraded]).changes).toEqual({ 10: { enabled: false, valid_to: '2026-06-01', to_fastspring_product: 'legacy-battery-year-2' } });
  });
});
