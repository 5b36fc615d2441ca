import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * One seat of a floating license (a license with several seats), held by a machine until its lease ends
 * and then until someone else needs it. A free seat has no item: a license's seats are its `seats` count,
 * and the items of those in use. Each write is conditioned on what was read of that seat, so two machines
 * never hold one seat, and a license's machines never hold more seats than it has.
 *
 * | access pattern                  | key                                        | operation        |
 * |---------------------------------|--------------------------------------------|------------------|
 * | a license's seats in use        | pk `license#{id}`, sk begins_with `seat#`  | Query            |
 * | one seat                        | pk `license#{id}`, sk `seat#{n:03}`        | conditional Put  |
 */
export const FloatingSeatEntity = new Entity({
  name: 'floating-seat',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    /** 1 … the license's seats. */
    seat: number().key(),
    user_id: number(),
    fingerprint: string(),
    hostname: string(),
    /** floating (minutes, renewed) or borrow (days, never reclaimed before its end). */
    kind: string().enum('floating', 'borrow'),
    /** When this machine took the seat, and when its lease ends (ISO 8601). */
    since: string(),
    lease_end: string(),
  }),
  computeKey: ({ license_id, seat }) => ({ pk: `license#${license_id}`, sk: `seat#${String(seat).padStart(3, '0')}` }),
  timestamps: false,
});
export type FloatingSeatRecord = FormattedItem<typeof FloatingSeatEntity>;
