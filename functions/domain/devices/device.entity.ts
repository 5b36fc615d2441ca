import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A produced hardware unit, as production reports it (imported, never made by the portal): its serial
 * number, product, hardware version, EMS id, EAN, the label certificates printed for it and its
 * calibrations. The uid is what a connected unit tells the desktop app, so it is the key; the id (a
 * counter) is what the admin list pages by. A unit's registration to a user lives in the same partition
 * (products/unit-registration.entity.ts).
 *
 * | access pattern                 | key / index                              | operation               |
 * |--------------------------------|------------------------------------------|-------------------------|
 * | a unit by uid (register, show) | pk `device#{uid}`, sk `device`           | GetItem, ConditionCheck |
 * | every unit (admin list)        | the list rows of kind `devices`          | list-store.ts           |
 */
export const deviceSchema = item({
  uid: string().key(),
  id: number(),
  product_id: string(),
  serial_no: string(),
  hardware_version: string(),
  ems_id: string(),
  ean: string(),
  /** Label certificates, oldest first. */
  certificates: list(map({ created: string(), serial_no: string(), ean: string(), cert: string() })).default([]),
  /** Calibrations, oldest first. */
  calibration: list(map({ created: string(), calibration: string() })).default([]),
  /** Counts the writes; each write is conditioned on the count it read (absent on a new unit). */
  version: number().optional(),
});

export const devicePartition = (uid: string) => `device#${uid}`;

export const DeviceEntity = new Entity({
  name: 'device',
  table: portalTable,
  schema: deviceSchema,
  computeKey: ({ uid }) => ({ pk: devicePartition(uid), sk: 'device' }),
  timestamps,
});

export type DeviceRecord = FormattedItem<typeof DeviceEntity>;
