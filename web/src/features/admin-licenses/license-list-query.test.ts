import { describe, expect, it } from 'vitest';
import { DEFAULT_LICENSE_FILTERS, DEFAULT_LICENSE_SORT, allLicensesParams, isBadLicenseId, licenseExportParams } from './license-list-query';

describe('the all-licenses query', () => {
  it('asks for 20 licenses a page, newest first, with the default filters', () => {
    expect(allLicensesParams(DEFAULT_LICENSE_FILTERS, DEFAULT_LICENSE_SORT, 1)).toEqual({
      limit: 20,
      page: 1,
      order_by: 'created',
      descending: true,
      user: undefined,
      license_id: undefined,
      expired_in: 0,
      expires_within: 9999,
      license_type: undefined,
      license_usage_id: undefined,
    });
  });

  it('sends each filter typed or picked, and leaves out what is blank or no filter value', () => {
    const filters = { user: ' acme ', licenseId: '12', expiredIn: '', expiresWithin: '30', licenseType: 'Pro', licenseUsage: '4' };
    expect(allLicensesParams(filters, { orderBy: 'user', descending: false }, 3)).toMatchObject({
      page: 3,
      order_by: 'user',
      descending: false,
      user: 'acme',
      license_id: 12,
      expired_in: undefined,
      expires_within: 30,
      license_type: 'Pro',
      license_usage_id: 4,
    });
    expect(allLicensesParams({ ...filters, licenseId: 'x1', licenseType: 'Nope', expiresWithin: '9999999' }, DEFAULT_LICENSE_SORT, 1)).toMatchObject({
      license_id: undefined,
      license_type: undefined,
      expires_within: 100_000,
    });
    expect(isBadLicenseId('x1')).toBe(true);
    expect(isBadLicenseId('0')).toBe(true);
    expect(isBadLicenseId(' ')).toBe(false);
    expect(isBadLicenseId('7')).toBe(false);
  });

  it('exports with the filters as get_license_users names them, in the list’s order', () => {
    const filters = { ...DEFAULT_LICENSE_FILTERS, user: '42', licenseType: 'Battery', licenseUsage: '2' };
    expect(licenseExportParams(filters, { orderBy: 'id', descending: false })).toEqual({
      expiredIn: 0,
      expiresWithin: 9999,
      user: '42',
      licenseType: 'Battery',
      license_id: undefined,
      license_usage_id: 2,
      order_by: 'id',
      descending: false,
    });
  });
});
