import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * A machine that held a license's seat lately, for the machine budget: written with each reservation and
 * renewal (always in the transaction that checks the license's version, so two reservations cannot both
 * pass the budget), gone by TTL once outside the window. `machine` is a hash of the fingerprint.
 *
 * | access pattern                      | key                                               | operation |
 * |-------------------------------------|---------------------------------------------------|-----------|
 * | the machines that held a license    | pk `license#{id}`, sk begins_with `machine#`      | Query     |
 */
export const SeatMachineEntity = new Entity({
  name: 'seat-machine',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    machine: string().key(),
    /** When it last reserved or renewed the seat (ISO 8601). */
    last_reserved: string(),
    ttl: number(),
  }),
  computeKey: ({ license_id, machine }) => ({ pk: `license#${license_id}`, sk: `machine#${machine}` }),
  timestamps: false,
});
