import { describe, expect, it } from 'vitest';
import type { UserListRow } from '../users/user-list';
import { licenseFilter, licenseSortValue, toAdminLicenseRow, type LicenseListQuery, type LicenseListRow } from './license-list';

const now = new Date('2026-11-23T22:30:00Z');
const owner = (id: number, email: string, company: string): UserListRow => ({
  id,
  created: '2026-01-01T00:00:00Z',
  username: `u${id}`,
  email,
  first_name: 'A',
  last_name: 'B',
  company,
  legacy: false,
  accepted_marketing: false,
});
const owners = new Map([
  [7, owner(7, 'ada@example.com', 'Acme Power')],
  [8, owner(8, 'bob@example.com', 'Volt AB')],
]);
const license = (id: number, fields: Partial<LicenseListRow> = {}): LicenseListRow => ({
  id,
  created: '2026-01-01T00:00:00Z',
  user_id: 7,
  license_type_id: 'Automation',
  license_usage_id: 4,
  enabled: true,
  valid_from: '2026-01-01',
  valid_to: '2027-01-01',
  addons: [],
  reserved_to: null,
  fingerprint: null,
  hostname: null,
  hid: null,
  dongle_id: null,
  subscription_id: null,
  subscription_state: null,
  tag: null,
  shared_count: 0,
  ...fields,
});
const query: LicenseListQuery = {
  expiredIn: 0,
  expiresWithin: 9999,
  user: null,
  licenseId: null,
  licenseType: null,
  licenseUsageId: null,
  orderBy: 'created',
  descending: true,
};
const kept = (q: Partial<LicenseListQuery>, rows: LicenseListRow[]) => rows.filter(licenseFilter({ ...query, ...q }, owners, now)).map((row) => row.id);

describe('the all-licenses filters', () => {
  const rows = [
    license(1, { valid_to: '2026-11-23' }),
    license(2, { valid_to: '2026-11-22' }),
    license(3, { valid_to: '2026-10-24' }),
    license(4, { valid_to: null }),
    license(5, { valid_to: '2026-12-23', user_id: 8 }),
  ];

  it('keeps by default what ends today or later, and licenses with no end (the day is UTC’s)', () => {
    expect(kept({}, rows)).toEqual([1, 4, 5]);
  });

  it('keeps what expired within the last N days, counting whole days', () => {
    expect(kept({ expiredIn: 1 }, rows)).toEqual([1, 2, 4, 5]);
    expect(kept({ expiredIn: 30 }, rows)).toEqual([1, 2, 3, 4, 5]);
    expect(kept({ expiredIn: 29 }, rows)).toEqual([1, 2, 4, 5]);
  });

  it('keeps what ends within N days, and then no license without an end', () => {
    expect(kept({ expiresWithin: 30 }, rows)).toEqual([1, 5]);
    expect(kept({ expiresWithin: 29 }, rows)).toEqual([1]);
  });

  it('finds a user by id, or by text in the email or company, without regard to case', () => {
    expect(kept({ user: '8' }, rows)).toEqual([5]);
    expect(kept({ user: 'VOLT' }, rows)).toEqual([5]);
    expect(kept({ user: 'ada@' }, rows)).toEqual([1, 4]);
    expect(kept({ user: 'nobody' }, rows)).toEqual([]);
  });

  it('treats an end in the perpetual years as Perpetual reads it, however far: kept by default, never ending within N days', () => {
    // 2080 is more than 9,999 days away: the default list still keeps it, as it keeps licenses with no end.
    const farEnds = [license(6, { valid_to: '2030-01-01' }), license(7, { valid_to: '2080-06-30' }), license(8, { valid_to: '2029-12-31' })];
    expect(kept({}, farEnds)).toEqual([6, 7, 8]);
    expect(kept({ expiresWithin: 5000 }, farEnds)).toEqual([8]);
    expect(licenseSortValue('state', owners)(farEnds[1]!)).toBe('9999-12-31');
  });

  it('filters by id, type and usage', () => {
    const mixed = [license(1), license(2, { license_type_id: 'Pro', license_usage_id: 2 })];
    expect(kept({ licenseId: 2 }, mixed)).toEqual([2]);
    expect(kept({ licenseType: 'Pro' }, mixed)).toEqual([2]);
    expect(kept({ licenseUsageId: 4 }, mixed)).toEqual([1]);
  });
});

describe('the all-licenses columns', () => {
  it('sorts the owner’s columns from the users list, State by the end with no end last, usage by name', () => {
    expect(licenseSortValue('user', owners)(license(1, { user_id: 8 }))).toBe('bob@example.com');
    expect(licenseSortValue('company', owners)(license(1))).toBe('Acme Power');
    expect(licenseSortValue('state', owners)(license(1, { valid_to: null }))).toBe('9999-12-31');
    expect(licenseSortValue('license_usage', owners)(license(1, { license_usage_id: 2 }))).toBe('Academic');
    expect(licenseSortValue('reserved_to', owners)(license(1, { reserved_to: 8 }))).toBe(8);
  });

  it('answers a row with its owner, usage name and days left', () => {
    expect(toAdminLicenseRow(license(1, { valid_to: '2026-11-20', addons: [{ id: 'BatteryValidation', channels: 4 }] }), owners, now)).toMatchObject({
      user: 'ada@example.com',
      company: 'Acme Power',
      license_usage: 'Standard',
      days: -3,
      expired: true,
      addons: [{ id: 'BatteryValidation', attributes: { channels: 4 } }],
    });
    expect(toAdminLicenseRow(license(1, { user_id: 99 }), owners, now)).toMatchObject({ user: '', company: '' });
  });
});
