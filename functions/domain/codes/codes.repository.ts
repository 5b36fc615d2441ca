import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { writeChanges } from '../../lib/records/write-changes';
import type { AuditSwitch, ChangeAudit } from '../../lib/records/record-kind';
import { campaignLicenseTag, normalizeCode } from '../../../shared/commerce/codes';
import type { LicenseTypeId } from '../../../shared/licenses/catalog';
import { nextId, reserveIds } from '../../lib/db/counters';
import { isConditionFailure } from '../../lib/db/table';
import { prepareLicense } from '../licenses/licenses.repository';
import { codeKind } from './code.kind';
import { generateCode, redeemedLicenseDays } from './code.rules';
import { organisationLicensesChanged } from '../licenses/license-reads';
import { CodeRedemptionEntity, LicenseCodeEntity, type LicenseCodeRecord } from './license-code.entity';

export type { LicenseCodeRecord } from './license-code.entity';

/** What every code of one generation shares. */
export interface CodeTerms {
  user_id: number;
  description: string;
  license_type_id: LicenseTypeId;
  license_usage_id: number;
  duration?: string;
  valid_from?: string;
  valid_to?: string;
}

/** A code whose text another code already has (a campaign code chosen twice). */
export class CodeExistsError extends Error {
  override readonly name = 'CodeExistsError';
}

/** The redemption lost a race, or the code changed meanwhile: read it again and decide afresh. */
export class CodeChangedError extends Error {
  override readonly name = 'CodeChangedError';
}

/** Codes per transaction: each is three items (the code, its list row and log entry), DynamoDB takes 100. */
const CODES_PER_TRANSACTION = 33;

const codeRecord = (id: number, code: string, single_usage: boolean, terms: CodeTerms, now: Date): LicenseCodeRecord => ({
  ...terms,
  key: normalizeCode(code),
  id,
  code,
  single_usage,
  redemptions: 0,
  version: 0,
  created: now.toISOString(),
  updated: now.toISOString(),
});

/** A new code (with its list row), only if its text is new; `audit` for the entry it carries. */
const newCode = (code: LicenseCodeRecord, audit?: ChangeAudit) =>
  codeKind.change({ before: null, after: code, condition: { attr: 'key', exists: false }, ...(audit ? { audit } : {}) });

/**
 * `count` new single-use codes, written in transactions of 33 (each code only if its text is new: a
 * collision of 80 random bits is not expected, and would fail that transaction rather than overwrite).
 */
export async function createSingleUseCodes(count: number, terms: CodeTerms, now = new Date(), { audited }: AuditSwitch = {}): Promise<LicenseCodeRecord[]> {
  const first = await reserveIds('license_code', count);
  const codes = Array.from({ length: count }, (_, i) => codeRecord(first + i, generateCode(), true, terms, now));
  // The admin's one entry goes with the first codes: no code is written before it (the texts stay out of it).
  for (let start = 0; start < codes.length; start += CODES_PER_TRANSACTION) {
    const batch = codes.slice(start, start + CODES_PER_TRANSACTION).map((code, i) => newCode(code, audited && start + i === 0 ? codesAudit(first, count, terms) : undefined));
    await writeChanges(batch, { now });
  }
  return codes;
}

/** The audit entry of codes an admin made: which ids, on what terms; in the trail of the user they are for. */
const codesAudit = (first: number, count: number, terms: CodeTerms, code?: string): ChangeAudit => {
  const { user_id: _user, ...asked } = terms;
  return {
    target: count === 1 ? `license_code#${first}` : `license_code#${first}-${first + count - 1}`,
    values: { after: { ...asked, count, single_usage: code === undefined, ...(code === undefined ? {} : { code }) } },
  };
};

/** One campaign code with the admin's text; refused when a code with that text exists. */
export async function createCampaignCode(text: string, terms: CodeTerms, now = new Date(), { audited }: AuditSwitch = {}): Promise<LicenseCodeRecord> {
  const code = codeRecord(await nextId('license_code'), text, false, terms, now);
  try {
    await writeChanges([newCode(code, audited ? codesAudit(code.id, 1, terms, text) : undefined)], { now });
  } catch (error) {
    if (isConditionFailure(error)) throw new CodeExistsError(`A code ${text} exists already`);
    throw error;
  }
  return code;
}

export async function findCode(text: string): Promise<LicenseCodeRecord | null> {
  const key = normalizeCode(text);
  if (!key) return null;
  const { Item } = await LicenseCodeEntity.build(GetItemCommand).key({ key }).options({ consistent: true }).send();
  return Item ?? null;
}

/** Whether a user has redeemed a campaign code already. */
export async function hasRedeemed(code: LicenseCodeRecord, userId: number): Promise<boolean> {
  const { Item } = await CodeRedemptionEntity.build(GetItemCommand).key({ key: code.key, user_id: userId }).options({ consistent: true }).send();
  return Item !== undefined;
}

/**
 * Redeems a code read as `code` for a user, in one transaction with the license it gives: only while the
 * code is at the version read (so of 50 simultaneous redemptions of a single-use code exactly one lands)
 * and, for a campaign code, only if this user has no redemption of it yet.
 */
export async function redeemCode(code: LicenseCodeRecord, userId: number, today: string, now = new Date(), organisationId?: number): Promise<number> {
  const { license, change } = await prepareLicense(
    {
      user_id: userId,
      ...(organisationId === undefined ? {} : { organisation_id: organisationId }),
      license_type_id: code.license_type_id,
      license_usage_id: code.license_usage_id,
      ...redeemedLicenseDays(code, today),
      tag: code.single_usage ? `code:${code.id}` : campaignLicenseTag(code.id),
    },
    now,
  );
  const next: LicenseCodeRecord = {
    ...code,
    redemptions: code.redemptions + 1,
    version: code.version + 1,
    updated: now.toISOString(),
    ...(code.single_usage ? { used_by: userId, used_at: now.toISOString() } : {}),
  };
  const redemption = codeKind.change({
    before: code,
    after: next,
    condition: { and: [{ attr: 'version', eq: code.version }, ...(code.single_usage ? [{ attr: 'used_by' as const, exists: false }] : [])] },
  });
  try {
    await writeChanges([redemption, change], {
      now,
      items: code.single_usage
        ? []
        : [CodeRedemptionEntity.build(PutTransaction).item({ key: code.key, user_id: userId, license_id: license.id }).options({ condition: { attr: 'key', exists: false } })],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new CodeChangedError('The code changed meanwhile');
    throw error;
  }
  // Redeemed for an organisation: its members' next desktop lists on this instance show it at once.
  if (organisationId !== undefined) organisationLicensesChanged(organisationId);
  return license.id;
}
