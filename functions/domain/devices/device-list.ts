import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { DeviceRow } from '../../../shared/contract/product.admin';
import { deviceListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import type { DeviceEntity } from './device.entity';

type DeviceRecord = FormattedItem<typeof DeviceEntity>;

/** The admin list kind of produced units (list-store.ts). */
export const DEVICE_LIST = deviceListColumns.kind;

/** A unit's compact row: its own fields and how many certificates and calibrations it has. */
export type DeviceListRow = DeviceRow;

export const toDeviceListRow = (device: DeviceRecord): DeviceListRow => ({
  id: device.id,
  created: device.created,
  updated: device.updated,
  product_id: device.product_id,
  serial_no: device.serial_no,
  uid: device.uid,
  hardware_version: device.hardware_version,
  ems_id: device.ems_id,
  ean: device.ean,
  certificate_count: device.certificates.length,
  calibration_count: device.calibration.length,
});

/**
 * Produced units: a search finds a unit by its id, or text in its uid, serial number, product id,
 * hardware version, EMS id or EAN; a page answers the rows as they are.
 */
export const deviceList = declareList({
  columns: deviceListColumns,
  row: toDeviceListRow,
  search: {
    numbers: (row) => [row.id],
    texts: (row) => [row.uid, row.serial_no, row.product_id, row.hardware_version, row.ems_id, row.ean],
  },
  result: (row: DeviceListRow) => row,
});

/** The list writes that go into the transaction of a unit's write: its row as the write leaves it, and a change. */
export const deviceListWrites = (device: DeviceRecord, now: Date) => deviceList.writes(device.id, device, now);
