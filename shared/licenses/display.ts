
/**
 * How a license reads on every screen (the customer's list, the admin lists, the user detail), and which
 * actions a caller may take on it. Pure functions over the license's fields: the server answers with the
 * same fields to every client, and each screen shows them through this module only.
 */

/** Expiry texts appear from this many days before the end (and on the day itself). */
export const EXPIRY_NOTICE_DAYS = 30;
/** An end in this year or later is a license sold as perpetual with a far date: it reads Perpetual. */
export const PERPETUAL_FROM_YEAR = 2030;

/** Subscription states whose license renews (or, canceled, runs to its end); others read as plain licenses. */
const RENEWING_STATES = new Set<string | null>(['active', null, 'canceled']);

/** The fields the display rules read. */
export interface LicenseDisplayFields {
  enabled: boolean;
  /** The last day (YYYY-MM-DD, or an ISO time whose date counts); null for a perpetual license. */
  valid_to: string | null;
  subscription_id: number | null;
  /** The checkout provider's state of the subscription (active, canceled …), null when unknown. */
  subscription_state: string | null;
}

const DAY_MS = 86_400_000;
/** A date or time string's calendar day as epoch milliseconds (its UTC midnight: a date-only string parses as UTC). */
const utcDayMs = (value: string): number => Date.parse(value.slice(0, 10));

/** The calendar day (UTC) of a date or time string; plain parsing, no date library in every bundle that shows a license. */
const utcDay = (value: string): Date => new Date(utcDayMs(value));

/**
 * Whole days from `today` to the license's end (negative once expired); null for a perpetual license.
 * Plain arithmetic on UTC midnights: every list row computes it (the desktop app's list on every start,
 * the admin list's sorts), where a date library's parsing was a measurable part of the call.
 */
export function daysLeft(validTo: string | null, today: Date = new Date()): number | null {
  if (validTo === null || validTo === '') return null;
  // Today's UTC midnight by arithmetic (epoch time has no leap seconds): no date text made and parsed per row.
  const todayMs = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  return Math.round((utcDayMs(validTo) - todayMs) / DAY_MS);
}

/** No end, or an end in 2030 or later. */
export const isPerpetual = (validTo: string | null): boolean =>
  validTo === null || validTo === '' || utcDay(validTo).getUTCFullYear() >= PERPETUAL_FROM_YEAR;

/** A subscription license that renews, or runs to its paid end (active, canceled, or state not yet known). */
export const isRenewingSubscription = (license: Pick<LicenseDisplayFields, 'subscription_id' | 'subscription_state'>): boolean =>
  license.subscription_id !== null && RENEWING_STATES.has(license.subscription_state);

/** The text of the end alone: Perpetual, Expired N days ago, Renews in …, Expires today … or nothing. */
function endText(license: LicenseDisplayFields, today: Date): string {
  if (isPerpetual(license.valid_to)) return 'Perpetual';
  const days = daysLeft(license.valid_to, today)!;
  if (days < 0) return `Expired ${-days} days ago`;
  if (isRenewingSubscription(license)) {
    return license.subscription_state === 'canceled' ? `Canceled, expires in ${days} days` : `Renews in ${days} days`;
  }
  if (days === 0) return 'Expires today';
  if (days <= EXPIRY_NOTICE_DAYS) return `Expires in ${days} days`;
  return '';
}

/**
 * The license's state text: its end as above, prefixed "Disabled" for a disabled license ("Disabled" alone
 * when the end says nothing, else "Disabled, " and the end's text).
 */
export function licenseStateText(license: LicenseDisplayFields, today: Date = new Date()): string {
  const text = endText(license, today);
  if (license.enabled) return text;
  return text ? `Disabled, ${text}` : 'Disabled';
}
