import { subHours } from 'date-fns';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { CertificateAddress } from '../../../shared/products/certificate-request';
import { nextId } from '../../lib/db/counters';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { DeviceEntity, devicePartition, type DeviceRecord } from '../devices/device.entity';
import { writeChanges } from '../../lib/records/write-changes';
import type { AuditSwitch } from '../../lib/records/record-kind';
import { CertificateRequestEntity } from './certificate-request.entity';
import { ProductEntity, type ProductRecord } from './product.entity';
import { productKind } from './product.kind';
import { UnitRegistrationEntity } from './unit-registration.entity';
import { findProduct, productsOf } from './product-reads';

export type { ProductRecord } from './product.entity';

/** A write whose condition no longer held: the unit was registered, moved or unregistered meanwhile. */
export class ProductChangedError extends Error {
  override readonly name = 'ProductChangedError';
}

async function inTransaction(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isConditionFailure(error)) throw new ProductChangedError('The product changed meanwhile');
    throw error;
  }
}

// The read of one product lives in product-reads.ts (a lighter bundle for functions that only read one).
export { findProduct, productsOf } from './product-reads';

/** The product a unit is registered as, if it is. */
export async function findProductByUid(uid: string): Promise<ProductRecord | null> {
  const { Item } = await UnitRegistrationEntity.build(GetItemCommand).key({ uid }).options({ consistent: true }).send();
  return Item ? findProduct(Item.product_id) : null;
}

/**
 * Registers a produced unit to a user, in one transaction: only while the unit exists and no registration
 * of it does (ProductChangedError otherwise), with the product's list row.
 */
export async function registerProduct(device: DeviceRecord, userId: number, now = new Date()): Promise<ProductRecord> {
  const id = await nextId('product');
  const product: ProductRecord = {
    id,
    uid: device.uid,
    product_id: device.product_id,
    hardware_version: device.hardware_version,
    ean: device.ean,
    user_id: userId,
    created: now.toISOString(),
    updated: now.toISOString(),
    version: 0,
  };
  await inTransaction(() =>
    writeChanges([productKind.change({ before: null, after: product, condition: { attr: 'id', exists: false } })], {
      now,
      items: [
        DeviceEntity.build(ConditionCheck).key({ uid: device.uid }).condition({ attr: 'uid', exists: true }),
        UnitRegistrationEntity.build(PutTransaction).item({ uid: device.uid, product_id: id }).options({ condition: { attr: 'uid', exists: false } }),
      ],
    }),
  );
  return product;
}

const readVersion = (product: ProductRecord) =>
  product.version === undefined ? ({ attr: 'version', exists: false } as const) : ({ attr: 'version', eq: product.version } as const);

/**
 * Gives a product to another user, in one transaction: only while it is as read (same owner, same
 * version); both users get a `move_product` action naming who did it.
 */
export async function moveProduct(product: ProductRecord, toUserId: number, byUserId: number, now = new Date()): Promise<void> {
  const next: ProductRecord = { ...product, user_id: toUserId, updated: now.toISOString(), version: (product.version ?? 0) + 1 };
  const move = productKind.change({
    before: product,
    after: next,
    condition: { and: [readVersion(product), { attr: 'user_id', eq: product.user_id }] },
    audit: {
      by_user_id: byUserId,
      action: 'move_product',
      target: `product#${product.id}`,
      users: [product.user_id, toUserId],
      from_user_id: product.user_id,
      to_user_id: toUserId,
      values: { before: { user_id: product.user_id }, after: { user_id: toUserId } },
    },
  });
  await inTransaction(() => writeChanges([move], { now }));
}

/** Ends a product's registration (as read): the product, the unit's registration and its list row go together; an admin's is `audited`. */
export async function unregisterProduct(product: ProductRecord, now = new Date(), { audited }: AuditSwitch = {}): Promise<void> {
  const removal = productKind.change({
    before: product,
    after: null,
    condition: readVersion(product),
    ...(audited ? { audit: { values: { before: { user_id: product.user_id, uid: product.uid }, after: { user_id: null } } } } : {}),
  });
  await inTransaction(() =>
    writeChanges([removal], {
      now,
      items: [
        UnitRegistrationEntity.build(DeleteTransaction)
          .key({ uid: product.uid })
          .options({ condition: { attr: 'product_id', eq: product.id } }),
      ],
    }),
  );
}

/** A unit's calibration certificate may be requested again this long after the last request. */
export const CERTIFICATE_REQUEST_INTERVAL_HOURS = 24;

/** The product's certificate was requested less than CERTIFICATE_REQUEST_INTERVAL_HOURS ago. */
export class CertificateRecentlyRequestedError extends Error {
  override readonly name = 'CertificateRecentlyRequestedError';
}

/**
 * Keeps a certificate request of a product's unit, in one transaction with the product's mark of its
 * last request: a second request within the interval (a double click, a script) is refused, so support
 * gets one mail. Returns its id.
 */
export async function saveCertificateRequest(
  product: ProductRecord,
  request: { user_id: number; email: string } & CertificateAddress,
  now = new Date(),
): Promise<number> {
  const id = await nextId('certificate-request');
  const { address2, state, ...required } = request;
  const cutoff = subHours(now, CERTIFICATE_REQUEST_INTERVAL_HOURS).toISOString();
  try {
    await writeChanges([], {
      items: [
      ProductEntity.build(UpdateTransaction)
        .item({ id: product.id, certificate_requested: now.toISOString() })
        .options({
          condition: { and: [{ attr: 'id', exists: true }, { or: [{ attr: 'certificate_requested', exists: false }, { attr: 'certificate_requested', lt: cutoff }] }] },
        }),
      CertificateRequestEntity.build(PutTransaction).item({
        ...required,
        ...(address2 ? { address2 } : {}),
        ...(state ? { state } : {}),
        uid: product.uid,
        id,
        product_id: product.id,
      }),
      ],
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Either a recent request, or the product was unregistered meanwhile.
    throw (await findProduct(product.id)) ? new CertificateRecentlyRequestedError() : new ProductChangedError('The product changed meanwhile');
  }
  return id;
}

/** Takes back a kept request whose mail could not be sent, so the user may ask again at once. */
export async function withdrawCertificateRequest(product: ProductRecord, id: number): Promise<void> {
  await writeChanges([], {
    items: [
      CertificateRequestEntity.build(DeleteTransaction).key({ uid: product.uid, id }),
      ProductEntity.build(UpdateTransaction)
        .item({ id: product.id, certificate_requested: product.certificate_requested ?? $remove() })
        .options({ condition: { attr: 'id', exists: true } }),
    ],
  });
}

/** A unit's certificate requests, oldest first. */
export async function certificateRequestsOf(uid: string) {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(CertificateRequestEntity)
    .query({ partition: devicePartition(uid), range: { beginsWith: 'certificate-request#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  return Items ?? [];
}

/**
 * Account deletion: the user's units are unregistered (anyone may register them again) and the
 * certificate requests the user made for them, which hold their address, deleted. A unit moved or
 * unregistered meanwhile is left as it now is.
 */
export async function releaseProductsOf(userId: number, now = new Date()): Promise<void> {
  for (const product of await productsOf(userId)) {
    for (const request of await certificateRequestsOf(product.uid)) {
      if (request.user_id === userId) await CertificateRequestEntity.build(DeleteItemCommand).key(request).send();
    }
    try {
      await unregisterProduct(product, now);
    } catch (error) {
      if (!(error instanceof ProductChangedError)) throw error;
    }
  }
}
