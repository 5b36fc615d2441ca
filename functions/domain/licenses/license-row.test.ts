import { describe, expect, it } from 'vitest';
import { toLicenseRow, toSharedLicenseRow } from './license-row';
import type { LicenseRecord } from './license.entity';

const OWNER = 1;
const FRIEND = 2;
const OTHER = 3;
const names = new Map([
  [OWNER, 'Olive Owner'],
  [FRIEND, 'Fred Friend'],
  [OTHER, 'Otto Other'],
]);

const license = (fields: Partial<LicenseRecord> = {}) =>
  ({
    id: 10,
    user_id: OWNER,
    created: '2026-01-01T00:00:00.000Z',
    license_type_id: 'Automation',
    license_usage_id: 4,
    enabled: true,
    valid_from: '2026-01-01',
    addons: [],
    shared_users: [FRIEND, OTHER],
    ...fields,
  }) as LicenseRecord;

describe('the people a license row names', () => {
  it('names to its owner whom it is shared with and a recipient whose machine holds it', () => {
    const row = toLicenseRow(license({ reserved_to: OTHER }), { sharedUsers: [FRIEND, OTHER], sharedBy: null, names });
    expect(row.shared_with).toEqual([
      { id: FRIEND, name: 'Fred Friend' },
      { id: OTHER, name: 'Otto Other' },
    ]);
    expect(row.reserved_to_name).toBe('Otto Other');
    expect(row.shared_by_name).toBeNull();
  });

  it('names to a recipient who shared it and their own or the owner’s machine, never another recipient', () => {
    const heldByOther = toSharedLicenseRow(license({ reserved_to: OTHER }), FRIEND, 'olive', new Date(), names);
    expect(heldByOther).toMatchObject({ shared_by: 'olive', shared_by_name: 'Olive Owner', shared_with: [], reserved_to: OTHER, reserved_to_name: null });
    expect(toSharedLicenseRow(license({ reserved_to: OWNER }), FRIEND, 'olive', new Date(), names).reserved_to_name).toBe('Olive Owner');
    expect(toSharedLicenseRow(license({ reserved_to: FRIEND }), FRIEND, 'olive', new Date(), names).reserved_to_name).toBe('Fred Friend');
  });

  it('gives a user it cannot name (gone) an empty name, and no seat no name', () => {
    const row = toLicenseRow(license(), { sharedUsers: [FRIEND, 99], sharedBy: null, names });
    expect(row.shared_with).toEqual([
      { id: FRIEND, name: 'Fred Friend' },
      { id: 99, name: '' },
    ]);
    expect(row.reserved_to_name).toBeNull();
  });
});
