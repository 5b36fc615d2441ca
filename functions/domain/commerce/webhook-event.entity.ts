import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A checkout provider event the webhook received, by the provider's event id: `applied` is written in the
 * same transaction as the event's changes (so an event is applied once however often it arrives);
 * `failed` records an event that could not be applied (unknown product, user, subscription or order),
 * with the reason, until a later delivery applies it.
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
    status: string().enum('applied', 'failed'),
    reason: string().optional(),
    /** How many deliveries of it failed. */
    failures: number().optional(),
  }),
  computeKey: ({ event_id }) => ({ pk: `fs-event#${event_id}`, sk: 'event' }),
  timestamps,
});
