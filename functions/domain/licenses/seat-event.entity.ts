import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * How long a seat event (and a refusal) is kept. The usage figures come from counters written with the
 * records they count, not from these events; the events are the seat history its customers read (who held
 * the seat, on which machine, from when to when, who was turned away) and the trail support reads when a
 * customer asks where their seat went. Both are questions about the last weeks: the history's chart shows
 * 30 days, and three months answer a quarter's question while keeping machine names and fingerprints no
 * longer than that.
 */
export const SEAT_EVENT_RETENTION_DAYS = 90;

/** The partition of a license's seat history: its events and refusals, time-ordered. */
export const seatHistoryPartition = (licenseId: number) => `seat-history#${licenseId}`;

/**
 * What happened to a license's seat (reserve, return, takeover, release, offline) and each time someone was
 * turned away because another machine held it (refused), in the license's own partition, so one license's
 * history is read a page at a time, newest first, however busy the others are. Gone by TTL after
 * SEAT_EVENT_RETENTION_DAYS.
 *
 * | access pattern                         | key                                                   | operation               |
 * |----------------------------------------|-------------------------------------------------------|-------------------------|
 * | a license's history, newest first      | pk `seat-history#{licenseId}`, sk `{ISO time}#{rand}` | Query, descending       |
 * | the next page (older than a row)       | same, sk < the row's sk                               | Query, descending       |
 */
export const SeatEventEntity = new Entity({
  name: 'seat-event',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    /** `{ISO time}#{8 random characters}`: time-ordered, and two events of one millisecond both kept. */
    at: string().key(),
    event: string().enum('reserve', 'return', 'takeover', 'release', 'offline', 'refused'),
    /** Who acted: the user of the desktop app or portal, the admin who released, the user turned away. */
    user_id: number(),
    /** Whose seat it was or became (a release names its holder, not the admin); absent: `user_id`. */
    holder: number().optional(),
    /** Which of a floating license's seats (1 …); absent: the license's one seat. */
    seat: number().optional(),
    fingerprint: string().optional(),
    hostname: string().optional(),
    client_version: string().optional(),
    os: string().optional(),
    /** Epoch seconds: DynamoDB removes the event then. */
    ttl: number(),
  }),
  computeKey: ({ license_id, at }) => ({ pk: seatHistoryPartition(license_id), sk: at }),
  timestamps: false,
});
