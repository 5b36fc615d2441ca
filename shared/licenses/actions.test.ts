import { describe, expect, it } from 'vitest';
import { adminActions, customerActions, type LicenseActionFields } from './actions';

const OWNER = 10;
const RECIPIENT = 20;
const license = (fields: Partial<LicenseActionFields> = {}): LicenseActionFields => ({
  user_id: OWNER,
  reserved_to: null,
  hid: null,
  enabled: true,
  subscription_id: null,
  subscription_state: null,
  license_type_id: 'Automation',
  addons: [],
  ...fields,
});
const sorted = (set: Set<string>) => [...set].sort();

describe('customer actions', () => {
  it('lets the owner of a free license move, share and stop sharing it, and nothing to return', () => {
    expect(sorted(customerActions(license(), OWNER))).toEqual(['move', 'share', 'stop_sharing']);
  });

  it('refuses a move while a machine holds the license, and lets the owner return it', () => {
    expect(sorted(customerActions(license({ reserved_to: RECIPIENT }), OWNER))).toEqual(['return', 'share', 'stop_sharing']);
  });

  it('lets a recipient of a share only return what their own machine holds', () => {
    expect(sorted(customerActions(license(), RECIPIENT))).toEqual([]);
    expect(sorted(customerActions(license({ reserved_to: RECIPIENT }), RECIPIENT))).toEqual(['return']);
    expect(sorted(customerActions(license({ reserved_to: 30 }), RECIPIENT))).toEqual([]);
  });

  it('neither returns nor moves a license on a dongle', () => {
    expect(sorted(customerActions(license({ reserved_to: OWNER, hid: 'D-1' }), OWNER))).toEqual(['share', 'stop_sharing']);
    expect(sorted(customerActions(license({ hid: 'D-1' }), OWNER))).toEqual(['share', 'stop_sharing']);
  });

  it('does not offer to move or share a license from a campaign code, but one from a single-use code or an order', () => {
    expect(sorted(customerActions(license({ tag: 'campaign-code:7' }), OWNER))).toEqual(['stop_sharing']);
    expect(sorted(customerActions(license({ tag: 'code:7' }), OWNER))).toContain('move');
    expect(sorted(customerActions(license({ tag: 'order:ABC' }), OWNER))).toContain('move');
  });

  it("offers nothing on an organisation's license but the return of a seat the caller's own machine holds", () => {
    expect(sorted(customerActions(license({ organisation_id: 5 }), OWNER))).toEqual([]);
    expect(sorted(customerActions(license({ organisation_id: 5, reserved_to: RECIPIENT }), OWNER))).toEqual([]);
    expect(sorted(customerActions(license({ organisation_id: 5, reserved_to: RECIPIENT }), RECIPIENT))).toEqual(['return']);
  });
});

describe('admin actions', () => {
  it('disables, edits and moves a plain license, and enables a disabled one', () => {
    expect(sorted(adminActions(license()))).toEqual(['disable', 'edit', 'move']);
    expect(sorted(adminActions(license({ enabled: false })))).toEqual(['edit', 'enable', 'move']);
  });

  it('releases a reserved license unless it is on a dongle', () => {
    expect(adminActions(license({ reserved_to: OWNER })).has('release')).toBe(true);
    expect(adminActions(license({ reserved_to: OWNER, hid: 'D-1' })).has('release')).toBe(false);
  });

  it('cancels an active subscription (or one whose state is not known), and offers no plain-license action', () => {
    expect(sorted(adminActions(license({ subscription_id: 3, subscription_state: 'active' })))).toEqual(['cancel_subscription']);
    expect(sorted(adminActions(license({ subscription_id: 3, subscription_state: null })))).toEqual(['cancel_subscription']);
    expect(sorted(adminActions(license({ subscription_id: 3, subscription_state: 'canceled' })))).toEqual([]);
  });

  it('converts a Pro subscription with exactly one add-on', () => {
    const pro = { subscription_id: 3, subscription_state: 'active', license_type_id: 'Pro' };
    expect(adminActions(license({ ...pro, addons: [{ id: 'Automation' }] })).has('convert_subscription')).toBe(true);
    expect(adminActions(license({ ...pro, addons: [] })).has('convert_subscription')).toBe(false);
    expect(adminActions(license({ ...pro, addons: [{ id: 'Automation' }, { id: 'Battery' }] })).has('convert_subscription')).toBe(false);
    expect(adminActions(license({ ...pro, license_type_id: 'All', addons: [{ id: 'Automation' }] })).has('convert_subscription')).toBe(false);
  });
});
