import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { productHoldingChanges } from '../users/user-holdings';
import { productTallies } from './product-figures';
import { productList } from './product-list';
import { ProductEntity, productKey, productsOfPartition, type ProductRecord } from './product.entity';

/**
 * A registered product as a record kind: listed (the admin products list), counted by product id, held
 * (its owner's counts on the users list), audited in its owner's trail.
 */
export const productKind = declareRecordKind<typeof ProductEntity, ProductRecord, { product: typeof productKey; productsOf: typeof productsOfPartition }>({
  name: 'product',
  entity: ProductEntity,
  key: ({ id }) => ({ id }),
  keys: { product: productKey, productsOf: productsOfPartition },
  // A move changes the owner only: written as an update, its index partition following the owner.
  write: 'update',
  linked: ({ user_id }) => ({ gsi1pk: productsOfPartition(user_id) }),
  list: productList,
  tallies: productTallies,
  holdings: productHoldingChanges,
  audit: { trail: auditTrail, target: ({ uid }) => `product#${uid}`, users: ({ user_id }) => [user_id], names: ({ id }) => ({ product_id: id }) },
});
