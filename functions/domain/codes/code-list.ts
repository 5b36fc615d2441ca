import type { LicenseCodeRow } from '../../../shared/contract/lic.admin';
import { codeListColumns } from '../../../shared/lists/admin-lists';
import { licenseUsageName } from '../../../shared/licenses/catalog';
import { declareList } from '../../lib/lists/declare-list';
import { userList, type UserListRow } from '../users/user-list';
import type { LicenseCodeRecord } from './license-code.entity';

/** The admin list kind of license codes (list-store.ts). */
export const CODE_LIST = codeListColumns.kind;

/** A code's compact row: the code list's columns (the usage's name is added when a page is read). */
export interface CodeListRow {
  id: number;
  created: string;
  code: string;
  user_id: number;
  description: string;
  license_type_id: LicenseCodeRecord['license_type_id'];
  license_usage_id: number;
  single_usage: boolean;
  duration: string | null;
  valid_from: string | null;
  valid_to: string | null;
  used_by: number | null;
  redemptions: number;
}

export const toCodeListRow = (code: LicenseCodeRecord): CodeListRow => ({
  id: code.id,
  created: code.created,
  code: code.code,
  user_id: code.user_id,
  description: code.description,
  license_type_id: code.license_type_id,
  license_usage_id: code.license_usage_id,
  single_usage: code.single_usage,
  duration: code.duration ?? null,
  valid_from: code.valid_from ?? null,
  valid_to: code.valid_to ?? null,
  used_by: code.used_by ?? null,
  redemptions: code.redemptions,
});

type Users = ReadonlyMap<number, Pick<UserListRow, 'email'>>;

/** A code as the list answers it: with its usage's name, whether it was used, and the emails of its maker and redeemer. */
const toCodeRow = (row: CodeListRow, users: Users): LicenseCodeRow => ({
  ...row,
  license_usage: licenseUsageName(row.license_usage_id),
  used: row.redemptions > 0,
  user_email: users.get(row.user_id)?.email ?? null,
  used_by_email: row.used_by === null ? null : (users.get(row.used_by)?.email ?? null),
});

/**
 * License codes: a search finds a code by its id or redeemer, or text in its code, description, type or
 * its redeemer's email; the emails of who made and who redeemed it joined from the users list.
 */
export const codeList = declareList({
  columns: codeListColumns,
  row: toCodeListRow,
  joins: { users: userList },
  search: {
    numbers: (row) => [row.id, row.used_by],
    texts: (row, { users }) => [row.code, row.description, row.license_type_id, row.used_by === null ? null : users.get(row.used_by)?.email],
  },
  sort: {
    license_usage: (row) => licenseUsageName(row.license_usage_id),
    used: (row) => row.redemptions > 0,
  },
  result: (row, { users }) => toCodeRow(row, users),
});
