import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * How often a license's seat was taken over on one day (UTC): the churn budget's counter, beside the
 * license, gone two days later.
 *
 * | access pattern                 | key                                              | operation            |
 * |--------------------------------|--------------------------------------------------|----------------------|
 * | a license's takeovers today    | pk `license#{id}`, sk `takeovers#{YYYY-MM-DD}`   | conditional ADD      |
 */
export const TakeoverCountEntity = new Entity({
  name: 'takeover-count',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    day: string().key(),
    count: number().default(0),
    ttl: number(),
  }),
  computeKey: ({ license_id, day }) => ({ pk: `license#${license_id}`, sk: `takeovers#${day}` }),
  timestamps: false,
});
