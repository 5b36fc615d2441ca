import { addDays, formatISO } from 'date-fns';
import type { AdminLicenseRow, LicenseOrderColumn } from '../../../shared/contract/lic.admin';
import { DEFAULT_EXPIRED_IN, DEFAULT_EXPIRES_WITHIN, licenseListColumns } from '../../../shared/lists/admin-lists';
import type { LicenseTypeId } from '../../../shared/licenses/catalog';
import { licenseUsageName } from '../../../shared/licenses/catalog';
import { daysLeft, isPerpetual, licenseStateText } from '../../../shared/licenses/display';
import { declareList, type ListParams } from '../../lib/lists/declare-list';
import type { Cell } from '../../lib/lists/list-page';
import { userList, type UserListRow } from '../users/user-list';
import type { LicenseRecord } from './license.entity';

/** The admin list kind of licenses (list-store.ts): every license write keeps its row in step. */
export const LICENSE_LIST = licenseListColumns.kind;

/**
 * A license's compact row: what the admin lists show, filter and sort on, and what their actions need
 * (the fingerprint to release a seat, the add-ons to edit a Pro license). The owner's email and company
 * are not copied here but joined from the users list when a page is read, so a profile change does not
 * rewrite every row of its owner's licenses.
 */
export type LicenseListRow = Pick<
  LicenseRecord,
  'id' | 'created' | 'user_id' | 'license_type_id' | 'license_usage_id' | 'enabled' | 'valid_from' | 'addons'
> & {
  valid_to: string | null;
  reserved_to: number | null;
  fingerprint: string | null;
  hostname: string | null;
  hid: string | null;
  dongle_id: number | null;
  subscription_id: number | null;
  subscription_state: string | null;
  tag: string | null;
  shared_count: number;
  /** The legacy upgrade product an admin marked it with (absent on rows written before it existed). */
  to_fastspring_product?: string | null;
};

export const toLicenseListRow = (license: LicenseRecord): LicenseListRow => ({
  id: license.id,
  created: license.created,
  user_id: license.user_id,
  license_type_id: license.license_type_id,
  license_usage_id: license.license_usage_id,
  enabled: license.enabled,
  valid_from: license.valid_from,
  valid_to: license.valid_to ?? null,
  addons: license.addons,
  reserved_to: license.reserved_to ?? null,
  fingerprint: license.fingerprint ?? null,
  hostname: license.hostname ?? null,
  hid: license.hid ?? null,
  dongle_id: license.dongle_id ?? null,
  subscription_id: license.subscription_id ?? null,
  subscription_state: license.subscription_state ?? null,
  tag: license.tag ?? null,
  shared_count: license.shared_count ?? 0,
  to_fastspring_product: license.to_fastspring_product ?? null,
});

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
 * Perpetual is the one rule every screen reads (isPerpetual): no end, or an end in the perpetual years,
 * however far off.
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
    (isPerpetual(row.valid_to) ? keepsNoEnd : row.valid_to! >= earliestEnd && row.valid_to! <= latestEnd) &&
    (query.licenseId === null || row.id === query.licenseId) &&
    (query.licenseType === null || row.license_type_id === query.licenseType) &&
    (query.licenseUsageId === null || row.license_usage_id === query.licenseUsageId) &&
    (userText === '' || ownerMatches(row));
}

/** A perpetual license (no end, or one in the perpetual years) sorts by State after every end, as the furthest. */
const NO_END = '9999-12-31';

/** What a row sorts by for each column: owner columns from the users list, State by the end (days left). */
export const licenseSortValue = (column: LicenseOrderColumn, owners: Owners): ((row: LicenseListRow) => Cell) => licenseList.sortValue(column, { owners });

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
    reserved_to_email: row.reserved_to === null ? null : (owners.get(row.reserved_to)?.email ?? null),
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

/** A filter sent empty means no filter. */
const given = <T>(value: T | '' | null | undefined): T | null => (value === '' || value === undefined ? null : value);

/** get_all_licenses' params: its filters (each may come empty), order and page. */
export interface LicenseListParams extends ListParams<LicenseOrderColumn> {
  expired_in?: number | '' | null;
  expires_within?: number | '' | null;
  user?: string | null;
  license_id?: number | '' | null;
  license_type?: LicenseTypeId | '' | null;
  license_usage_id?: number | '' | null;
}

/** The query with the list's defaults: nothing expired, any end, created newest first. */
export const licenseListQuery = (params: LicenseListParams): LicenseListQuery => ({
  expiredIn: given(params.expired_in) ?? DEFAULT_EXPIRED_IN,
  expiresWithin: given(params.expires_within) ?? DEFAULT_EXPIRES_WITHIN,
  user: given(params.user),
  licenseId: given(params.license_id),
  licenseType: given(params.license_type),
  licenseUsageId: given(params.license_usage_id),
  orderBy: params.order_by ?? licenseListColumns.defaultOrder.orderBy,
  descending: params.descending ?? (params.order_by === undefined),
});

/**
 * All licenses (and, the rows with a hid, the dongles): filtered by end, owner, id, type and usage
 * rather than searched; the owner's email and company joined from the users list.
 */
export const licenseList = declareList({
  columns: licenseListColumns,
  row: toLicenseListRow,
  joins: { owners: userList },
  filter: (params: LicenseListParams, { owners }, now) => licenseFilter(licenseListQuery(params), owners, now),
  sort: {
    user: (row, { owners }) => owners.get(row.user_id)?.email,
    company: (row, { owners }) => owners.get(row.user_id)?.company,
    license_usage: (row) => licenseUsageName(row.license_usage_id),
    state: (row) => (isPerpetual(row.valid_to) ? NO_END : row.valid_to!),
  },
  result: (row, { owners }, now) => toAdminLicenseRow(row, owners, now),
  csv: [
    ['Id', (row) => row.id],
    ['Created', (row) => row.created],
    ['User id', (row) => row.user_id],
    ['User', (row) => row.user],
    ['Company', (row) => row.company],
    ['License type', (row) => row.license_type_id],
    ['License usage', (row) => row.license_usage],
    ['Enabled', (row) => (row.enabled ? 'Yes' : 'No')],
    ['Valid from', (row) => row.valid_from],
    ['Valid to', (row) => row.valid_to ?? ''],
    ['Reserved to', (row) => row.reserved_to ?? ''],
    ['State', (row, now) => licenseStateText(row, now)],
    ['Shared with', (row) => row.shared_count],
  ],
});

