import { codeMessages } from '../../../shared/commerce/codes';
import type { licContract } from '../../../shared/contract/lic';
import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { isLicenseUsageId } from '../../../shared/licenses/catalog';
import { licenseMessages } from '../../../shared/licenses/messages';
import { codeList } from '../../domain/codes/code-list';
import { redemptionRefusal } from '../../domain/codes/code.rules';
import {
  CodeChangedError,
  CodeExistsError,
  createCampaignCode,
  createSingleUseCodes,
  findCode,
  hasRedeemed,
  redeemCode,
  type CodeTerms,
} from '../../domain/codes/codes.repository';
import type { EndpointHandlers } from '../../endpoint';
import { seatManagerOf } from '../../domain/organisations/organisation-seat';
import { badRequest, conflict, notFound } from '../../lib/errors';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;
type UserHandlers = EndpointHandlers<typeof licContract>;

export const codeAdminMessages = {
  durationRequired: 'A single-use code needs a duration (1 to 1000 days, weeks, months or years)',
  campaignNeedsCode: 'A campaign code needs its code text',
  campaignNeedsWindow: 'A campaign code needs valid from and valid to',
  singleUseHasNoText: 'Single-use codes are generated: leave the code text empty',
  campaignCount: 'A campaign is one code: count must be 1 or left out',
  endBeforeStart: 'Valid to must not be before valid from',
  exists: (code: string) => `A license code ${code} exists already`,
  busy: 'Many people are redeeming this code right now: try again',
} as const;

const given = (value: string | null | undefined): string | undefined => (value ? value : undefined);

export const createLicenseCodes: AdminHandlers['create_license_codes'] = async (params, { viewer }) => {
  if (!isLicenseUsageId(params.license_usage_id)) throw badRequest(licenseMessages.usageUnknown(params.license_usage_id));
  const validFrom = given(params.valid_from);
  const validTo = given(params.valid_to);
  if (validFrom && validTo && validTo < validFrom) throw badRequest(codeAdminMessages.endBeforeStart);
  const by = viewer.userId;
  const terms: CodeTerms = {
    user_id: by,
    description: params.description,
    license_type_id: params.license_type_id,
    license_usage_id: params.license_usage_id,
    ...(params.duration ? { duration: params.duration } : {}),
    ...(validFrom ? { valid_from: validFrom } : {}),
    ...(validTo ? { valid_to: validTo } : {}),
  };
  if (params.single_usage) {
    if (!params.duration) throw badRequest(codeAdminMessages.durationRequired);
    if (params.code) throw badRequest(codeAdminMessages.singleUseHasNoText);
    const codes = await createSingleUseCodes(params.count ?? 1, terms, new Date(), { audited: true });
    return { codes: codes.map((code) => code.code) };
  }
  if (!params.code) throw badRequest(codeAdminMessages.campaignNeedsCode);
  if (!validFrom || !validTo) throw badRequest(codeAdminMessages.campaignNeedsWindow);
  if ((params.count ?? 1) !== 1) throw badRequest(codeAdminMessages.campaignCount);
  try {
    return { codes: [(await createCampaignCode(params.code, terms, new Date(), { audited: true })).code] };
  } catch (error) {
    if (error instanceof CodeExistsError) throw conflict(codeAdminMessages.exists(params.code));
    throw error;
  }
};

/** One page of the license codes, searched and sorted (the list's declaration: codeList). */
export const getLicenseCodes: AdminHandlers['get_license_codes'] = async (params) => {
  const { rows, count } = await codeList.page(params);
  return { codes: rows, count };
};

/** Attempts at a redemption whose code another redemption changed meanwhile (a campaign code's count). */
const REDEEM_ATTEMPTS = 8;

/**
 * A user's failed redemptions an hour are limited (the contract's `redeemCode`, admins too). Once they are
 * used up every redemption is refused until the hour ends, a right code too: else the limit would still
 * answer whether a guess is right.
 */
export const redeemLicenseCode: UserHandlers['redeem_license_code'] = async ({ code, organisation_id }, { viewer }) => {
  // For an organisation: one the caller manages the seats of (anyone else is told it is unknown to them).
  if (organisation_id !== undefined) await seatManagerOf(organisation_id, viewer.userId);
  return redeem(code, viewer.userId, organisation_id);
};

async function redeem(text: string, userId: number, organisationId?: number): Promise<{ license_id: number }> {
  for (let attempt = 1; ; attempt++) {
    const code = await findCode(text);
    if (!code) throw notFound(codeMessages.notValid);
    // A campaign is once per person: its license stays with whoever redeems it.
    if (organisationId !== undefined && !code.single_usage) throw conflict(licenseMessages.campaignOrganisation);
    const today = new Date().toISOString().slice(0, 10);
    const refusal = redemptionRefusal(code, today);
    // Not open yet or expired: the same answer, status included, as a code that does not exist.
    if (refusal === codeMessages.notValid) throw notFound(refusal);
    if (refusal) throw conflict(refusal);
    if (!code.single_usage && (await hasRedeemed(code, userId))) throw conflict(codeMessages.alreadyRedeemed);
    try {
      const licenseId = await redeemCode(code, userId, today, new Date(), organisationId);
      return { license_id: licenseId };
    } catch (error) {
      // Lost to another redemption: the next reading says why (used, already redeemed) or tries again.
      if (!(error instanceof CodeChangedError)) throw error;
      if (attempt >= REDEEM_ATTEMPTS) throw conflict(codeAdminMessages.busy);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}
