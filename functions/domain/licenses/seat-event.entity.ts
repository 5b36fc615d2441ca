import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * How long a seat event is kept. The usage figures come from counters written with the records they count,
 * not from these events; the events are the trail support reads when a customer asks where their seat went
 * ("who took it over, when, from which machine"), which is a question about the last weeks, not years. Three
 * months answers it and keeps machine names and fingerprints no longer than that.
 */
export const SEAT_EVENT_RETENTION_DAYS = 90;

/**
 * What happened to a license's seat (reserve, return, takeover, release), for support; gone by TTL after
 * SEAT_EVENT_RETENTION_DAYS, so a month's partition empties instead of growing forever.
 *
 * | access pattern               | key                                                     | operation |
 * |------------------------------|---------------------------------------------------------|-----------|
 * | a month's seat events        | pk `seat-events#{YYYY-MM}`, sk `{ISO time}#{id}#{rand}` | Query     |
 */
export const SeatEventEntity = new Entity({
  name: 'seat-event',
  table: portalTable,
  schema: item({
    month: string().key(),
    at: string().key(),
    event: string().enum('reserve', 'return', 'takeover', 'release', 'offline'),
    license_id: number(),
    /** Who acted: the user of the desktop app or portal, or the admin who released. */
    user_id: number(),
    fingerprint: string().optional(),
    hostname: string().optional(),
    client_version: string().optional(),
    os: string().optional(),
    /** Epoch seconds: DynamoDB removes the event then. */
    ttl: number(),
  }),
  computeKey: ({ month, at }) => ({ pk: `seat-events#${month}`, sk: at }),
  timestamps: false,
});
