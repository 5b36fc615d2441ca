import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * How long a license's day figures are kept. They hold counts only (no person, no machine), one item per
 * license and day its seat changed. The chart shows 30 days, but a day without a change takes its seats
 * in use from the last day before it that had one, and a seat is often held for months with no change (a
 * renewal writes nothing): a year and a month keeps that day within reach, and a year-on-year figure too.
 */
export const SEAT_DAY_RETENTION_DAYS = 400;

/**
 * A license's seats per UTC day, for the seat history's 30-day chart, written in the transaction of each
 * seat change without reading: `levels` gets the number of seats in use after each change (a set: its
 * largest is the day's highest, counts and not a yes/no, so licenses with several seats fit), `held` the
 * number after the day's last change (the next days start from it), `refused` counts the day's refusals.
 *
 * | access pattern                             | key                                            | operation              |
 * |--------------------------------------------|------------------------------------------------|------------------------|
 * | a license's last 30 days and the day before | pk `seat-days#{licenseId}`, sk `{YYYY-MM-DD}` | Query, descending, ≤ 31 |
 *
 * It names nobody, so it is no part of what account deletion declares (functions/domain/licenses/domain.ts).
 */
export const SeatDayEntity = new Entity({
  name: 'seat-day',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    day: string().key(),
    levels: set(number()).optional(),
    held: number().optional(),
    refused: number().optional(),
    /** Epoch seconds: DynamoDB removes the figure then. */
    ttl: number(),
  }),
  computeKey: ({ license_id, day }) => ({ pk: `seat-days#${license_id}`, sk: day }),
  timestamps: false,
});
