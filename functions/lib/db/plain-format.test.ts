import { describe, expect, it } from 'vitest';
import { LicenseEntity } from '../../domain/licenses/license.entity';
import { UserEntity } from '../../domain/users/user.entity';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { plainFormatter } from './plain-format';

describe('plainFormatter', () => {
  it('gives what the toolbox formatter gives for a stored item: visible attributes by name, no keys or index attributes', () => {
    const stored = {
      pk: 'license#12', sk: 'license', gsi1pk: 'licenses-of#3', gsi1sk: 'license#0000000012', _et: 'license',
      id: 12, user_id: 3, license_type_id: 'Pro', license_usage_id: 4, enabled: true, valid_from: '2026-01-01',
      addons: [{ id: 'BatteryValidation', channels: 4 }], fingerprint: 'f1', created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-02T00:00:00.000Z', version: 2,
    };
    const expected = LicenseEntity.build(EntityFormatter).format(stored);
    expect(plainFormatter(LicenseEntity)(stored)).toEqual(expected);
  });

  it('leaves out attributes the item lacks', () => {
    const user = plainFormatter(UserEntity)({ pk: 'user#s', sk: 'user', sub: 's', id: 1, username: 'u', email: 'e', first_name: 'f', last_name: 'l' });
    expect(user).toEqual({ sub: 's', id: 1, username: 'u', email: 'e', first_name: 'f', last_name: 'l' });
  });
});
