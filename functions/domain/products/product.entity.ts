import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A registered product: a produced unit (devices/device.entity.ts) registered to one user by the desktop
 * app, with the unit's product id, hardware version and EAN copied at registration. Its id is a counter
 * (what the user detail, moves and user actions name); its uid is registered once at a time, which the
 * registration item (unit-registration.entity.ts) enforces.
 *
 * | access pattern                  | key / index                                        | operation |
 * |---------------------------------|----------------------------------------------------|-----------|
 * | a product by id (move)          | pk `product#{id}`, sk `product`                    | GetItem   |
 * | a product by uid                | registration pk `device#{uid}` → product id        | GetItem ×2|
 * | a user's products               | gsi1 `products-of#{userId}` / `product#{id:10}`    | Query     |
 * | every product (admin list)      | the list rows of kind `products`                   | list-store.ts |
 */
const productSchema = item({
  id: number().key(),
  uid: string(),
  product_id: string(),
  hardware_version: string(),
  ean: string(),
  user_id: number(),
  /** A license that came with the unit (none yet from the portal's own writes). */
  license_id: number().optional(),
  /** When the last calibration certificate of the unit was requested (one a day: products.repository.ts). */
  certificate_requested: string().optional(),
  /** Counts the writes; each write is conditioned on the count it read. */
  version: number().optional(),
});

export const productKey = (id: number) => ({ pk: `product#${id}`, sk: 'product' });
export const productsOfPartition = (userId: number) => `products-of#${userId}`;
export const productSortKey = (id: number) => `product#${String(id).padStart(10, '0')}`;

export const ProductEntity = new Entity({
  name: 'product',
  table: portalTable,
  schema: productSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof productSchema>(({ user_id }) => productsOfPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof productSchema>(({ id }) => productSortKey(id)),
  }),
  computeKey: ({ id }) => productKey(id),
  timestamps,
});

export type ProductRecord = FormattedItem<typeof ProductEntity>;
