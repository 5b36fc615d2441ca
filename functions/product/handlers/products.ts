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
import { callerUserId, resolveCallerUser } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import { limitFailures, takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { badRequest, conflict, notFound, unavailable } from '../../lib/errors';
import { logger } from '../../lib/logger';

type ProductHandlers = EndpointHandlers<typeof productContract>;

/**
 * Registering takes a uid and nothing else, so uids could be probed (known? held?) or claimed by trying
 * many: at most 20 failed registrations a user an hour. A successful one does not count, so the desktop
 * app registering a unit each time it sees it never reaches the limit.
 */
export const FAILED_REGISTRATIONS_PER_HOUR = 20;
const failedRegistrations: AttemptLimit = {
  action: 'register-product',
  max: FAILED_REGISTRATIONS_PER_HOUR,
  windowSeconds: 3600,
  message: productMessages.tooManyFailedRegistrations(FAILED_REGISTRATIONS_PER_HOUR),
};

export const getProducts: ProductHandlers['get_products'] = async (_params, { caller }) => {
  const products = await productsOf(await callerUserId(caller));
  return { products: products.map(productOfRecord) };
};

/**
 * Registers the unit for the caller: production must know it, and no other user may hold it; the
 * caller's own unit answers as it is (the desktop app registers whenever it sees the unit).
 */
export const registerProductHandler: ProductHandlers['register_product'] = async ({ uid }, { caller }) => {
  const userId = await callerUserId(caller);
  return limitFailures(failedRegistrations, userId, () => register(uid, userId));
};

async function register(uid: string, userId: number) {
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
async function productFor(caller: { isAdmin: boolean }, userId: number, product: ProductRecord | null, missing: string): Promise<ProductRecord> {
  if (!product || (product.user_id !== userId && !caller.isAdmin)) throw notFound(missing);
  return product;
}

/**
 * How many times a customer may move units in a day (refused moves too): each move adds an entry to both
 * users' actions, so a loop would grow them without end; as for licenses, support is not counted.
 */
export const MAX_PRODUCT_MOVES_PER_DAY = 50;
export const dailyProductMoves: AttemptLimit = {
  action: 'move-product',
  max: MAX_PRODUCT_MOVES_PER_DAY,
  windowSeconds: 24 * 3600,
  message: productMessages.moveBudget(MAX_PRODUCT_MOVES_PER_DAY),
};

/** Gives a product to another user: its owner, or an admin; recorded as a user action for both. */
export const moveProductHandler: ProductHandlers['move_product'] = async ({ product_id, to_user_id }, { caller }) => {
  const userId = await callerUserId(caller);
  if (!caller.isAdmin) await takeAttempt(dailyProductMoves, userId);
  const product = await productFor(caller, userId, await findProduct(product_id), productMessages.notFound(product_id));
  if (product.user_id === to_user_id) throw badRequest(productMessages.alreadyOwner);
  if (!(await findUserById(to_user_id))) throw notFound(productMessages.userNotFound(to_user_id));
  try {
    await moveProduct(product, to_user_id, userId);
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
export const requestCertificate: ProductHandlers['request_certificate'] = async ({ uid, ...address }, { caller }) => {
  const me = await resolveCallerUser(caller);
  const product = await productFor(caller, me.id, await findProductByUid(uid), productMessages.notRegistered(uid));
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
