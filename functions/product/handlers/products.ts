import type { productContract } from '../../../shared/contract/product';
import { productMessages } from '../../../shared/products/messages';
import { findDevice } from '../../domain/devices/devices.repository';
import { sendCertificateRequestMail } from '../../domain/products/certificate-mail';
import { productOfRecord } from '../../domain/products/product-list';
import {
  findProduct,
  findProductByUid,
  moveProduct,
  ProductChangedError,
  productsOf,
  registerProduct,
  saveCertificateRequest,
  CertificateRecentlyRequestedError,
  withdrawCertificateRequest,
  type ProductRecord,
} from '../../domain/products/products.repository';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import { badRequest, conflict, notFound, unavailable } from '../../lib/errors';
import { logger } from '../../lib/logger';

type ProductHandlers = EndpointHandlers<typeof productContract>;

export const getProducts: ProductHandlers['get_products'] = async (_params, { viewer }) => {
  const products = await productsOf(viewer.userId);
  return { products: products.map(productOfRecord) };
};

/**
 * Registers the unit for the caller: production must know it, and no other user may hold it; the
 * caller's own unit answers as it is (the desktop app registers whenever it sees the unit). Registering
 * takes a uid and nothing else, so uids could be probed or claimed by trying many: a user's failed
 * registrations an hour are limited (the contract's `registerProduct`); a success does not count.
 */
export const registerProductHandler: ProductHandlers['register_product'] = async ({ uid }, { viewer: { userId } }) => {
  const device = await findDevice(uid);
  if (!device) throw notFound(productMessages.unknownUnit(uid));
  for (let attempt = 1; ; attempt++) {
    const existing = await findProductByUid(uid);
    if (existing) {
      if (existing.user_id !== userId) throw conflict(productMessages.heldByAnotherUser(uid));
      return productOfRecord(existing);
    }
    try {
      const registered = await registerProduct(device, userId);
      return productOfRecord(registered);
    } catch (error) {
      // Registered by another request meanwhile: the next reading says by whom.
      if (!(error instanceof ProductChangedError) || attempt >= 3) throw error instanceof ProductChangedError ? conflict(productMessages.changedMeanwhile) : error;
    }
  }
}

/**
 * A product the caller may act on: their own, or any for an admin. Anyone else is told it does not
 * exist, so product ids cannot be probed.
 */
async function productFor(viewer: Viewer, product: ProductRecord | null, missing: string): Promise<ProductRecord> {
  if (!product || (product.user_id !== viewer.userId && !viewer.isAdmin)) throw notFound(missing);
  return product;
}

/**
 * Gives a product to another user: its owner, or an admin; recorded as a user action for both. A
 * customer's moves a day are limited (refused ones too: each move grows both users' actions).
 */
export const moveProductHandler: ProductHandlers['move_product'] = async ({ product_id, to_user_id }, { viewer }) => {
  const product = await productFor(viewer, await findProduct(product_id), productMessages.notFound(product_id));
  if (product.user_id === to_user_id) throw badRequest(productMessages.alreadyOwner);
  if (!(await findUserById(to_user_id))) throw notFound(productMessages.userNotFound(to_user_id));
  try {
    await moveProduct(product, to_user_id, viewer.userId);
  } catch (error) {
    if (error instanceof ProductChangedError) throw conflict(productMessages.changedMeanwhile);
    throw error;
  }
  return { product_id, uid: product.uid, user_id: to_user_id };
};

/**
 * Keeps the request, then mails it to support (the local mailbox shows it). One a day per unit; a mail
 * that cannot be sent takes the request back, so the user is told to try again rather than left waiting.
 */
export const requestCertificate: ProductHandlers['request_certificate'] = async ({ uid, ...address }, { viewer }) => {
  const me = await viewer.user();
  const product = await productFor(viewer, await findProductByUid(uid), productMessages.notRegistered(uid));
  let id: number;
  try {
    id = await saveCertificateRequest(product, { ...address, user_id: me.id, email: me.email });
  } catch (error) {
    if (error instanceof CertificateRecentlyRequestedError) throw conflict(productMessages.certificateRecentlyRequested(product.uid));
    if (error instanceof ProductChangedError) throw notFound(productMessages.notRegistered(uid));
    throw error;
  }
  try {
    await sendCertificateRequestMail({ id, product, requester: me, address });
  } catch (error) {
    logger.error('A certificate request could not be mailed to support', { uid: product.uid, request: id, error });
    await withdrawCertificateRequest(product, id);
    throw unavailable(productMessages.certificateNotSent);
  }
  return { id, uid };
};
