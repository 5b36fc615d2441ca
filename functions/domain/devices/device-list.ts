import type { DeviceRow } from '../../../shared/contract/product.admin';
import { ListCache } from '../../lib/lists/list-cache';
import { listRowWrites } from '../../lib/lists/list-store';
import type { DeviceRecord } from './devices.repository';

/** The admin list kind of produced units (list-store.ts). */
export const DEVICE_LIST = 'devices';

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

/** The list writes that go into the transaction of a unit's write: its row as the write leaves it, and a change. */
export const deviceListWrites = (device: DeviceRecord, now: Date) => listRowWrites(DEVICE_LIST, device.id, toDeviceListRow(device), now);

/** This function's copy of every unit's row, kept current through the change log. */
export const deviceListCache = new ListCache<DeviceListRow>(DEVICE_LIST);
