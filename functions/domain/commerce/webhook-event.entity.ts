import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A checkout provider event the webhook received, by the provider's event id: `applied` is written in the
 * same transaction as the event's changes (so an event is applied once however often it arrives);
 * `failed` records an event that could not be applied (unknown product, user, subscription or order),
 * with the reason, until a later delivery applies it; `applying` a subscription event too large for one
 * transaction, of which the subscription rows `rows_done` were applied in `steps_done` transactions.
 *
 * | access pattern        | key                                    | operation          |
 * |-----------------------|----------------------------------------|--------------------|
 * | an event by its id    | pk `fs-event#{id}`, sk `event`         | GetItem, condition |
 */
export const WebhookEventEntity = new Entity({
  name: 'webhook-event',
  table: portalTable,
  schema: item({
    event_id: string().key(),
    type: string(),
    status: string().enum('applied', 'failed', 'applying'),
    reason: string().optional(),
    /** How many deliveries of it failed. */
    failures: number().optional(),
    /** A subscription event applied in steps: the subscription rows it changed so far … */
    rows_done: list(number()).optional(),
    /** … in this many transactions (each conditioned on the count it read). */
    steps_done: number().optional(),
  }),
  computeKey: ({ event_id }) => ({ pk: `fs-event#${event_id}`, sk: 'event' }),
  timestamps,
});
