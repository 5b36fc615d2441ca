import { addDays, formatISO } from 'date-fns';
import { DEFAULT_EXPIRES_WITHIN, type AdminLicenseRow, type LicenseOrderColumn } from '../../../shared/contract/lic.admin';
import type { LicenseTypeId } from '../../../shared/licenses/catalog';
import { licenseUsageName } from '../../../shared/licenses/catalog';
import { daysLeft } from '../../../shared/licenses/display';
import type { Cell } from '../../lib/lists/list-page';
import type { UserListRow } from '../users/user-list';
import type { LicenseListRow } from './license-list';

/** What the all-licenses list is asked for: its filters and order, defaults applied. */
export interface LicenseListQuery {
  /** Keep licenses that expired at most this many days ago. */
  expiredIn: number;
  /** Keep licenses that end within this many days; at 9999 (the default) licenses with no end too. */
  expiresWithin: number;
  /** A user id, or text in the owner's email or company. */
  user: string | null;
  licenseId: number | null;
  licenseType: LicenseTypeId | null;
  licenseUsageId: number | null;
  orderBy: LicenseOrderColumn;
  descending: boolean;
}

export type Owners = ReadonlyMap<number, UserListRow>;

const day = (date: Date) => formatISO(date, { representation: 'date' });
/** Today's date in UTC, as license ends are written. */
const utcToday = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00`);

/**
 * Keeps the licenses the query asks for. Ends are compared as dates (YYYY-MM-DD), so a row costs a few
 * string comparisons. A license with no end is kept only when "expires within" has its default, which
 * means any end (the default is 9999 days); asked for what expires within N days, perpetual ones do not.
 */
export function licenseFilter(query: LicenseListQuery, owners: Owners, now = new Date()): (row: LicenseListRow) => boolean {
  const today = utcToday(now);
  const earliestEnd = day(addDays(today, -query.expiredIn));
  const latestEnd = day(addDays(today, query.expiresWithin));
  const keepsNoEnd = query.expiresWithin >= DEFAULT_EXPIRES_WITHIN;
  const userText = query.user?.trim().toLowerCase() ?? '';
  const userId = /^\d+$/.test(userText) ? Number(userText) : null;
  const ownerMatches = (row: LicenseListRow): boolean => {
    if (userId !== null) return row.user_id === userId;
    const owner = owners.get(row.user_id);
    return owner !== undefined && (owner.email.toLowerCase().includes(userText) || owner.company.toLowerCase().includes(userText));
  };
  return (row) =>
    (row.valid_to === null ? keepsNoEnd : row.valid_to >= earliestEnd && row.valid_to <= latestEnd) &&
    (query.licenseId === null || row.id === query.licenseId) &&
    (query.licenseType === null || row.license_type_id === query.licenseType) &&
    (query.licenseUsageId === null || row.license_usage_id === query.licenseUsageId) &&
    (userText === '' || ownerMatches(row));
}

/** A license with no end sorts by State after every end, as the furthest. */
const NO_END = '9999-12-31';

/** What a row sorts by for each column: owner columns from the users list, State by the end (days left). */
export function licenseSortValue(column: LicenseOrderColumn, owners: Owners): (row: LicenseListRow) => Cell {
  switch (column) {
    case 'user':
      return (row) => owners.get(row.user_id)?.email;
    case 'company':
      return (row) => owners.get(row.user_id)?.company;
    case 'license_usage':
      return (row) => licenseUsageName(row.license_usage_id);
    case 'state':
      return (row) => row.valid_to ?? NO_END;
    default:
      return (row) => row[column];
  }
}

/** A compact row as the admin lists answer: with its owner and the derived fields. */
export function toAdminLicenseRow(row: LicenseListRow, owners: Owners, now = new Date()): AdminLicenseRow {
  const owner = owners.get(row.user_id);
  const days = daysLeft(row.valid_to, now);
  return {
    id: row.id,
    created: row.created,
    user_id: row.user_id,
    user: owner?.email ?? '',
    company: owner?.company ?? '',
    license_type_id: row.license_type_id,
    license_usage_id: row.license_usage_id,
    license_usage: licenseUsageName(row.license_usage_id),
    enabled: row.enabled,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    reserved_to: row.reserved_to,
    fingerprint: row.fingerprint,
    hostname: row.hostname,
    hid: row.hid,
    subscription_id: row.subscription_id,
    subscription_state: row.subscription_state,
    tag: row.tag,
    shared_count: row.shared_count,
    addons: row.addons.map(({ id, channels }) => ({ id, attributes: channels === undefined ? {} : { channels } })),
    expired: days !== null && days < 0,
    days,
    to_fastspring_product: row.to_fastspring_product ?? null,
  };
}
