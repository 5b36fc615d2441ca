import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * What happened to a license's seat (reserve, return, takeover, release), kept for the usage figures.
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
    event: string().enum('reserve', 'return', 'takeover', 'release'),
    license_id: number(),
    /** Who acted: the user of the desktop app or portal, or the admin who released. */
    user_id: number(),
    fingerprint: string().optional(),
    hostname: string().optional(),
    client_version: string().optional(),
    os: string().optional(),
  }),
  computeKey: ({ month, at }) => ({ pk: `seat-events#${month}`, sk: at }),
  timestamps: false,
});
