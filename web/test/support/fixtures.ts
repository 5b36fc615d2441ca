import type { AuditEntry } from '../../../shared/audit/entries';
import { licContract } from '../../../shared/contract/lic';
import type { AdminLicenseRow, LicenseCodeRow } from '../../../shared/contract/lic.admin';
import { userContract, type UserProfile } from '../../../shared/contract/user';
import type { UserInformation } from '../../../shared/contract/user.admin';
import { api } from './fake-api';

/** A customer's profile, as get_user_profile answers it. */
export const CUSTOMER: UserProfile = {
  id: 7,
  username: 'dana',
  email: 'dana@example.com',
  first_name: 'Dana',
  last_name: 'Scully',
  company: 'FBI',
  beta_access: false,
  legacy: false,
  expiry_notices: true,
};

/** An administrator's profile. */
export const ADMIN: UserProfile = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  first_name: 'Ada',
  last_name: 'Admin',
  company: 'Portal',
  beta_access: false,
  legacy: false,
  expiry_notices: true,
};

/** What every signed-in screen reads first: the profile the shell shows (and a screen may use). */
export function answerProfile(profile: UserProfile): void {
  api.answer(userContract, 'get_user_profile', profile);
}

/** The license types and usages the admin filters and dialogs offer (the catalogue's Automation, Battery and Pro; three usages). */
export function answerLicenseCatalogue(): void {
  api.answer(licContract, 'get_license_types', {
    license_types: [
      { id: 'Automation', name: 'Automation' },
      { id: 'Battery', name: 'Battery' },
      { id: 'Pro', name: 'Pro' },
    ],
  });
  api.answer(licContract, 'get_license_usages', {
    license_usages: [
      { id: 1, name: 'Commercial' },
      { id: 2, name: 'Academic' },
      { id: 4, name: 'Standard' },
    ],
  });
}

/** A row as get_all_licenses answers it: an Automation license of kim@example.com (user 41), 100 days left, unless told. */
export function adminLicenseRow(fields: Partial<AdminLicenseRow> & Pick<AdminLicenseRow, 'id'>): AdminLicenseRow {
  return {
    created: '2026-01-05',
    user_id: 41,
    user: 'kim@example.com',
    company: 'Test Co',
    license_type_id: 'Automation',
    license_usage_id: 4,
    license_usage: 'Standard',
    enabled: true,
    valid_from: '2026-01-01',
    valid_to: '2027-03-01',
    reserved_to: null,
    fingerprint: null,
    hostname: null,
    hid: null,
    subscription_id: null,
    subscription_state: null,
    tag: null,
    shared_count: 0,
    addons: [],
    expired: false,
    days: 100,
    ...fields,
  };
}

/** A row as get_license_codes answers it: an unused single-use code of a year's Automation, made by ADMIN, unless told. */
export function licenseCodeRow(fields: Partial<LicenseCodeRow> & Pick<LicenseCodeRow, 'id'>): LicenseCodeRow {
  return {
    created: '2026-03-01T10:00:00.000Z',
    code: `CODE-${fields.id}`,
    user_id: ADMIN.id,
    user_email: ADMIN.email,
    description: 'Spring',
    license_type_id: 'Automation',
    license_usage_id: 4,
    license_usage: 'Standard',
    single_usage: true,
    duration: 'P1Y',
    valid_from: null,
    valid_to: null,
    used: false,
    used_by: null,
    used_by_email: null,
    redemptions: 0,
    ...fields,
  };
}

/** User information as get_user_information answers it: Kim Lee of Test Co (user 41) with nothing yet, unless told. */
export function userInformation(fields: Partial<UserInformation> = {}): UserInformation {
  return {
    user_id: 41,
    first_name: 'Kim',
    last_name: 'Lee',
    company: 'Test Co',
    email: 'kim@example.com',
    legacy: false,
    licenses: [],
    cases: [],
    products: [],
    userDownloads: [],
    userActions: [],
    organisations: [],
    username: 'kim',
    created: '2026-01-01T09:00:00.000Z',
    ...fields,
  };
}

/** An audit entry as get_audit_entries and get_license_history answer it: ADMIN edited license 7, unless told. */
export function auditEntry(fields: Partial<AuditEntry> & Pick<AuditEntry, 'id'>): AuditEntry {
  return {
    at: '2026-03-01T10:00:00.000Z',
    action: 'update_license',
    cmd: 'lic/5/update_license',
    by_user_id: ADMIN.id,
    by_user_email: ADMIN.email,
    target: 'license#7',
    license_id: 7,
    user_ids: [41],
    before: JSON.stringify({ valid_to: '2026-01-01' }),
    after: JSON.stringify({ valid_to: '2027-01-01' }),
    request_id: `req-${fields.id}`,
    ...fields,
  };
}
