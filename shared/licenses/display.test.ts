import { describe, expect, it } from 'vitest';
import { daysLeft, isPerpetual, licenseStateText, type LicenseDisplayFields } from './display';

const today = new Date('2026-11-23T15:00:00Z');
const inDays = (days: number) => new Date(Date.UTC(2026, 10, 23 + days)).toISOString().slice(0, 10);
const license = (fields: Partial<LicenseDisplayFields>): LicenseDisplayFields => ({
  enabled: true,
  valid_to: inDays(100),
  subscription_id: null,
  subscription_state: null,
  ...fields,
});
const text = (fields: Partial<LicenseDisplayFields>) => licenseStateText(license(fields), today);

describe('days left', () => {
  it('counts calendar days to the end, negative once it has passed, none for a perpetual license', () => {
    expect(daysLeft(inDays(0), today)).toBe(0);
    expect(daysLeft(inDays(5), today)).toBe(5);
    expect(daysLeft(inDays(-3), today)).toBe(-3);
    expect(daysLeft(`${inDays(1)}T00:30:00Z`, today)).toBe(1);
    expect(daysLeft(null, today)).toBeNull();
  });
});

describe('license state text', () => {
  it('says Expired N days ago once the end has passed', () => {
    expect(text({ valid_to: inDays(-1) })).toBe('Expired 1 days ago');
    expect(text({ valid_to: inDays(-40) })).toBe('Expired 40 days ago');
  });

  it('says Expires today on the last day, and Expires in N days at 30 days or fewer', () => {
    expect(text({ valid_to: inDays(0) })).toBe('Expires today');
    expect(text({ valid_to: inDays(1) })).toBe('Expires in 1 days');
    expect(text({ valid_to: inDays(30) })).toBe('Expires in 30 days');
  });

  it('says nothing of an end more than 30 days away', () => {
    expect(text({ valid_to: inDays(31) })).toBe('');
  });

  it('shows Perpetual for no end, or an end in 2030 or later', () => {
    expect(text({ valid_to: null })).toBe('Perpetual');
    expect(text({ valid_to: '2030-01-01' })).toBe('Perpetual');
    expect(text({ valid_to: '2099-12-31' })).toBe('Perpetual');
    expect(text({ valid_to: '2029-12-31' })).toBe('');
    expect(isPerpetual('2029-12-31')).toBe(false);
  });

  it('says Renews in N days for a subscription whose state is active or not yet known, at any distance', () => {
    expect(text({ subscription_id: 7, subscription_state: 'active', valid_to: inDays(200) })).toBe('Renews in 200 days');
    expect(text({ subscription_id: 7, subscription_state: null, valid_to: inDays(3) })).toBe('Renews in 3 days');
  });

  it('says Canceled, expires in N days for a canceled subscription', () => {
    expect(text({ subscription_id: 7, subscription_state: 'canceled', valid_to: inDays(12) })).toBe('Canceled, expires in 12 days');
  });

  it('reads a subscription in another state, or without a subscription id, as a plain license', () => {
    expect(text({ subscription_id: 7, subscription_state: 'deactivated', valid_to: inDays(10) })).toBe('Expires in 10 days');
    expect(text({ subscription_id: null, subscription_state: 'active', valid_to: inDays(10) })).toBe('Expires in 10 days');
  });

  it('says an expired subscription expired, whatever its state', () => {
    expect(text({ subscription_id: 7, subscription_state: 'active', valid_to: inDays(-2) })).toBe('Expired 2 days ago');
  });

  it('prefixes a disabled license with Disabled', () => {
    expect(text({ enabled: false, valid_to: inDays(5) })).toBe('Disabled, Expires in 5 days');
    expect(text({ enabled: false, valid_to: null })).toBe('Disabled, Perpetual');
    expect(text({ enabled: false, valid_to: inDays(100) })).toBe('Disabled');
  });
});
