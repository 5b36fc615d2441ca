import { logger } from '../lib/logger';
import { ownLicenses } from './licenses/licenses.repository';
import { productsOf } from './products/products.repository';
import { countBy, holdingsJson } from './users/holdings';
import { setUserHoldings } from './users/users.repository';

/**
 * Keeps the counts the admin users list shows (registered units by product, owned licenses by type) on
 * each user's record and list row: after a write that gives or takes a license or a unit, the users it
 * touched get theirs counted again from their own records (two Queries each) and stored when they
 * differ. Counting anew rather than adding makes it exact whatever came before, and a repeat harmless;
 * a failure is logged and the next such write of that user puts it right.
 */
export async function refreshUserHoldings(...userIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number' && id > 0))];
  await Promise.all(
    ids.map(async (id) => {
      try {
        const [licenses, products] = await Promise.all([ownLicenses(id), productsOf(id)]);
        const holdings = {
          licenses: countBy(licenses.map((license) => license.license_type_id)),
          products: countBy(products.map((product) => product.product_id)),
        };
        await setUserHoldings(id, holdingsJson(holdings));
      } catch (error) {
        logger.error('User holdings not refreshed', { user_id: id, error: (error as Error).message });
      }
    }),
  );
}
