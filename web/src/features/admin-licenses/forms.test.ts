import { describe, expect, it } from 'vitest';
import { MAX_FLOATING_SEATS } from '../../../../shared/licenses/seat';
import { adminLicenseFormMessages, addonsOf, editLicenseFormSchema, newLicenseFormSchema } from './forms';

const edit = { license_usage_id: '4', valid_to: '2027-05-01', addons: [], channels: 4 };
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the license edit form', () => {
  it('sends the usage as a number and an empty end as perpetual', () => {
    expect(editLicenseFormSchema.parse({ ...edit, valid_to: ' ' })).toEqual({ ...edit, license_usage_id: 4, valid_to: '' });
  });

  it('says what is wrong with an end, with the contract’s messages', () => {
    expect(messagesOf(editLicenseFormSchema.safeParse({ ...edit, valid_to: '1.5.2027' }))).toEqual([['valid_to', 'Dates are written YYYY-MM-DD']]);
    expect(messagesOf(editLicenseFormSchema.safeParse({ ...edit, valid_to: '2027-02-30' }))).toEqual([['valid_to', 'Not a real date']]);
  });

  it('asks for 1 to 64 channels only with BVT ticked', () => {
    expect(editLicenseFormSchema.safeParse({ ...edit, addons: ['Automation'], channels: '' }).success).toBe(true);
    for (const channels of ['', 0, 65, 2.5]) {
      expect(messagesOf(editLicenseFormSchema.safeParse({ ...edit, addons: ['BatteryValidation'], channels }))).toEqual([
        ['channels', adminLicenseFormMessages.channels],
      ]);
    }
    expect(addonsOf({ addons: ['BatteryValidation', 'Automation'], channels: 8 })).toEqual([
      { id: 'Automation' },
      { id: 'BatteryValidation', channels: 8 },
    ]);
  });
});

describe('the new license form', () => {
  it('needs a type, a usage and a real start', () => {
    const values = { license_type_id: 'Pro', license_usage_id: '4', valid_from: '2026-03-01', valid_to: '', addons: [], channels: 4 };
    expect(newLicenseFormSchema.parse(values)).toMatchObject({ license_type_id: 'Pro', license_usage_id: 4, valid_to: '' });
    expect(messagesOf(newLicenseFormSchema.safeParse({ ...values, valid_from: '' }))).toEqual([['valid_from', 'Dates are written YYYY-MM-DD']]);
    expect(newLicenseFormSchema.safeParse({ ...values, license_type_id: 'Nope' }).success).toBe(false);
  });

  it('leaves seats out when empty (one seat), takes 2 to the most as floating, and says what is wrong with the rest', () => {
    const values = { license_type_id: 'Enterprise', license_usage_id: '4', valid_from: '2026-03-01', valid_to: '', addons: [], channels: 4 };
    expect(newLicenseFormSchema.parse({ ...values, seats: '' }).seats).toBeUndefined();
    expect(newLicenseFormSchema.parse({ ...values, seats: 2 }).seats).toBe(2);
    expect(newLicenseFormSchema.parse({ ...values, seats: MAX_FLOATING_SEATS }).seats).toBe(MAX_FLOATING_SEATS);
    for (const seats of [1, 0, MAX_FLOATING_SEATS + 1, 2.5, 'three']) {
      expect(messagesOf(newLicenseFormSchema.safeParse({ ...values, seats }))).toEqual([['seats', adminLicenseFormMessages.seats]]);
    }
  });
});
