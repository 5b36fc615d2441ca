import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';
import { devicePartition } from '../devices/device.entity';

/**
 * Which product a unit is registered as, beside the unit in its partition: put only where none exists,
 * in the transaction that creates the product, so a unit is registered to one user at a time.
 *
 * | access pattern                 | key                                     | operation          |
 * |--------------------------------|-----------------------------------------|--------------------|
 * | a unit's registration          | pk `device#{uid}`, sk `registration`    | GetItem, Put (new) |
 */
export const UnitRegistrationEntity = new Entity({
  name: 'unit-registration',
  table: portalTable,
  schema: item({ uid: string().key(), product_id: number() }),
  computeKey: ({ uid }) => ({ pk: devicePartition(uid), sk: 'registration' }),
  timestamps,
});
