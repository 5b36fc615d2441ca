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
 *
 * An order is applied completely or not at all: at once in one transaction, or (too large for one) in
 * steps that each record their progress here (docs/decisions/022-commerce.md).
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
    /**
     * What each legacy upgrade changed on its license, before and after: a refund restores the before
     * values while the license still shows the after values (else it records it for support).
     */
    extensions: list(
      map({
        license_id: number(),
        valid_to_before: string().optional(),
        mark_before: string().optional(),
        valid_to_after: string(),
        mark_after: string().optional(),
      }),
    ).default([]),
    /** The catalogue paths and quantities it held. */
    items: list(map({ path: string(), quantity: number() })).default([]),
    /**
     * An order too large for one transaction is applied in steps: the time it was planned and the first
     * ids it reserved (a retry plans the same licenses and subscriptions from them), the number of steps
     * and how many are done. Absent on an order applied at once.
     */
    planned_at: string().optional(),
    first_license_id: number().optional(),
    first_subscription_id: number().optional(),
    steps: number().optional(),
    steps_done: number().optional(),
    returned: string().optional(),
    /** Licenses whose legacy upgrade the refund could not take back (changed since): for support. */
    unrestored_ids: list(number()).optional(),
  }),
  computeKey: ({ order_id }) => ({ pk: `fs-order#${order_id}`, sk: 'order' }),
  timestamps,
});
