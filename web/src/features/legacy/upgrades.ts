import { SALES_CATALOGUE, type CatalogueItem } from '../../../../shared/commerce/catalogue';
import type { LicenseRow } from '../../../../shared/contract/lic';

/** An upgrade the caller may buy: the item, and their own licenses an admin marked with it. */
export interface UpgradeOffer {
  item: CatalogueItem;
  licenses: LicenseRow[];
}

/**
 * The legacy upgrades on offer to `callerId`: each upgrade item with the caller's own licenses (not those
 * shared with them) whose `to_fastspring_product` is that item's path. One upgrade extends one license,
 * so that many may be bought; upgrades no license of theirs is marked with are left out.
 */
export function upgradeOffers(licenses: readonly LicenseRow[], callerId: number): UpgradeOffer[] {
  return SALES_CATALOGUE.filter((item) => item.grants.kind === 'legacy-upgrade')
    .map((item) => ({
      item,
      licenses: licenses.filter((license) => license.user_id === callerId && license.to_fastspring_product === item.path),
    }))
    .filter((offer) => offer.licenses.length > 0);
}

/** The legacy Year 1 items: new one-year licenses. */
export const yearOneItems = SALES_CATALOGUE.filter((item) => item.grants.kind === 'legacy-license');
