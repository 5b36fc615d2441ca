import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ADDON_IDS } from '../../../shared/licenses/catalog';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A completed order of the checkout provider: who bought it and what it gave, so a refund
 * (`return.created`) can take exactly that back.
 *
 * | access pattern        | key                                    | operation |
 * |-----------------------|----------------------------------------|-----------|
 * | an order by its id    | pk `fs-order#{orderId}`, sk `order`    | GetItem   |
 */
export const OrderEntity = new Entity({
  name: 'order',
  table: portalTable,
  schema: item({
    order_id: string().key(),
    reference: string().optional(),
    user_id: number(),
    /** The licenses it created. */
    license_ids: list(number()).default([]),
    /** The add-ons it put on licenses that existed before it. */
    addons: list(map({ license_id: number(), addon_id: string().enum(...ADDON_IDS) })).default([]),
    /** The licenses a legacy upgrade extended. */
    extended_ids: list(number()).default([]),
    /** The catalogue paths and quantities it held. */
    items: list(map({ path: string(), quantity: number() })).default([]),
    returned: string().optional(),
  }),
  computeKey: ({ order_id }) => ({ pk: `fs-order#${order_id}`, sk: 'order' }),
  timestamps,
});
