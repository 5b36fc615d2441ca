import { listRowWrites } from '../../lib/lists/list-store';
import { ListCache } from '../../lib/lists/list-cache';
import type { LicenseCodeRecord } from './codes.repository';

/** The admin list kind of license codes (list-store.ts). */
export const CODE_LIST = 'codes';

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

export const codeListWrites = (code: LicenseCodeRecord, now: Date) => listRowWrites(CODE_LIST, code.id, toCodeListRow(code), now);

export const codeListCache = new ListCache<CodeListRow>(CODE_LIST);
