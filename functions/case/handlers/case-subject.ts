import { caseMessages } from '../../../shared/cases/cases';
import type { CaseSubject } from '../../domain/cases/cases';
import { findLicense, sharedUsersOf } from '../../domain/licenses/license-reads';
import { findProduct } from '../../domain/products/product-reads';
import { notFound } from '../../lib/errors';

/**
 * What a new case names, checked against the records: a license the user owns or that is shared with
 * them (they use it, so they may ask about it), a registered product they own. Anything else, another
 * user's or one that does not exist, is refused with the same "not one of yours", so ids cannot be probed;
 * admins are held to it too: it must be the case's customer's (theirs, or the customer they open it for).
 */
export async function caseSubjectOf(userId: number, { license_id, product_id }: { license_id?: number; product_id?: number }): Promise<CaseSubject> {
  const subject: CaseSubject = {};
  if (license_id !== undefined) {
    const license = await findLicense(license_id);
    if (!license || (license.user_id !== userId && !(await sharedUsersOf(license)).includes(userId))) throw notFound(caseMessages.licenseNotHeld(license_id));
    subject.license = { id: license.id, license_type_id: license.license_type_id };
  }
  if (product_id !== undefined) {
    const product = await findProduct(product_id);
    if (!product || product.user_id !== userId) throw notFound(caseMessages.productNotOwned(product_id));
    subject.product = { id: product.id, product_id: product.product_id, uid: product.uid };
  }
  return subject;
}
