import { SALES_CATALOGUE, type CatalogueItem } from '../../../../shared/commerce/catalogue';
import type { LicenseRow } from '../../../../shared/contract/lic';
import { EXPIRY_NOTICE_DAYS, daysLeft, isPerpetual, isRenewingSubscription } from '../../../../shared/licenses/display';

/** A term of this many days or fewer was a month's; a longer one a year's (or more). */
const MONTH_TERM_DAYS = 31;

/**
 * What "Buy again" puts in the cart for a license about to end: the Licenses shelf's item of the same
 * type (the shop sells All as the toolbox, and Pro) as a subscription of the license's own term, a month
 * or a year. Null when there is nothing to offer: someone else's license (its owner buys), a perpetual
 * one, one whose subscription renews by itself, one that ends more than EXPIRY_NOTICE_DAYS from today,
 * or a type the shop does not sell.
 */
export function renewalItem(license: LicenseRow, callerId: number, today: Date = new Date()): CatalogueItem | null {
  if (license.user_id !== callerId || isPerpetual(license.valid_to)) return null;
  if (isRenewingSubscription(license) && license.subscription_state !== 'canceled') return null;
  const days = daysLeft(license.valid_to, today);
  if (days === null || days > EXPIRY_NOTICE_DAYS) return null;
  const term = daysLeft(license.valid_to, new Date(license.valid_from.slice(0, 10)));
  const interval = term !== null && term <= MONTH_TERM_DAYS ? 'month' : 'year';
  return (
    SALES_CATALOGUE.find(
      (item) =>
        item.shelf === 'licenses' &&
        item.subscription &&
        item.interval === interval &&
        item.grants.kind === 'license' &&
        item.grants.license_type_id === license.license_type_id,
    ) ?? null
  );
}
