import * as z from 'zod/mini';
import { codeListColumns, subscriptionListColumns } from '../lists/admin-lists';

/**
 * License codes: a duration kept as an ISO 8601 period of one unit (`P1Y`, `P30D`), the code generator's
 * limits (1 to 1000 of a unit, 1 to 1000 codes), and the shape of codes people type.
 */

export const DURATION_UNITS = [
  { unit: 'D', label: 'day' },
  { unit: 'W', label: 'week' },
  { unit: 'M', label: 'month' },
  { unit: 'Y', label: 'year' },
] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number]['unit'];

export const MAX_DURATION = 1000;
export const MAX_CODE_COUNT = 1000;
export const LICENSE_CODES_PAGE_SIZE = codeListColumns.pageSize;
export const SUBSCRIPTIONS_PAGE_SIZE = subscriptionListColumns.pageSize;

/** A duration of 1 to 1000 days, weeks, months or years. */
export const durationSchema = z.string().check(
  z.regex(/^P[1-9]\d{0,3}[DWMY]$/, 'Duration is an ISO period such as P1Y (1 to 1000 days, weeks, months or years)'),
  z.refine((value) => Number(value.slice(1, -1)) <= MAX_DURATION, { error: 'Duration is at most 1000 units' }),
);

export const formatDuration = (amount: number, unit: DurationUnit): string => `P${amount}${unit}`;

export function parseDuration(duration: string): { amount: number; unit: DurationUnit } {
  return { amount: Number(duration.slice(1, -1)), unit: duration.slice(-1) as DurationUnit };
}

/**
 * A duration as people read it: `P1Y` → "1 year", `P6M` → "6 months", `P30D` → "30 days". Every screen
 * shows durations this way, never the stored ISO period; a value that is not a period of one unit (none
 * is stored) is shown as it is rather than misread.
 */
export function describeDuration(duration: string): string {
  const match = /^P(\d+)([DWMY])$/.exec(duration.trim().toUpperCase());
  const label = match && DURATION_UNITS.find((entry) => entry.unit === match[2])?.label;
  if (!match || !label) return duration;
  const amount = Number(match[1]);
  return `${amount} ${label}${amount === 1 ? '' : 's'}`;
}

/** The text of a campaign code an admin types: letters, digits, - and _, 3 to 40 characters. */
export const campaignCodeSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{3,40}$/, 'A campaign code is 3 to 40 letters, digits, - or _'),
);

/** What a user types to redeem: the code, however they spaced or cased it. */
export const redeemCodeSchema = z.string().check(z.minLength(1, 'Enter a license code'), z.maxLength(100, 'That is not a license code'));

/** Codes compare without case, spaces or hyphens, so `abcd-efgh` and `ABCDEFGH` are the same code. */
export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');


/** Messages a redeeming user may see. */
export const codeMessages = {
  /**
   * One answer for a code that does not exist, is not open yet or has expired: whoever tries codes learns
   * nothing about which exist (and which campaigns are coming).
   */
  notValid: 'This license code is not valid',
  used: 'This license code has already been used',
  alreadyRedeemed: 'You have already redeemed this license code',
  redeemed: (licenseId: number) => `License code redeemed: license ${licenseId} is yours`,
} as const;

/**
 * The tag of a license redeemed from a campaign code. Such a license stays with the user who redeemed it:
 * a campaign is once per user, and moving would let one person collect it through many accounts.
 */
export const campaignLicenseTag = (codeId: number) => `campaign-code:${codeId}`;
export const isCampaignLicenseTag = (tag: string | null | undefined): boolean => tag?.startsWith('campaign-code:') === true;
