import type { DeviceRow } from '../../../shared/contract/product.admin';
import { deviceListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import { productList } from '../products/product-list';
import { userList, type UserListRow } from '../users/user-list';
import type { DeviceRecord } from './device.entity';

/** The admin list kind of produced units (list-store.ts). */
export const DEVICE_LIST = deviceListColumns.kind;

/** A unit's compact row: its own fields and how many certificates and calibrations it has. */
export type DeviceListRow = Omit<DeviceRow, 'user_id' | 'user'>;

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
 * Who each registered unit belongs to, by uid, from the registered products' list: one pass over it per
 * call (the units' own rows do not change when a unit is registered, so the owner is joined, not stored).
 */
const registrations = {
  current: async (): Promise<ReadonlyMap<string, number>> => {
    const byUid = new Map<string, number>();
    for (const product of (await productList.current()).values()) byUid.set(product.uid, product.user_id);
    return byUid;
  },
};

type DeviceJoins = { registrations: ReadonlyMap<string, number>; owners: ReadonlyMap<number, Pick<UserListRow, 'email'>> };

const ownerEmail = (row: DeviceListRow, { registrations, owners }: DeviceJoins): string | null => {
  const userId = registrations.get(row.uid);
  return userId === undefined ? null : (owners.get(userId)?.email ?? null);
};

/**
 * Produced units: a search finds a unit by its id, or text in its uid, serial
 * number, product id, hardware version, EMS id, EAN or its owner's email; a page answers the rows with
 * their owner (the user the unit is registered to, joined from the registered products and the users).
 */
export const deviceList = declareList({
  columns: deviceListColumns,
  row: toDeviceListRow,
  joins: { registrations, owners: userList },
  search: {
    numbers: (row) => [row.id],
    texts: (row, joined) => [row.uid, row.serial_no, row.product_id, row.hardware_version, row.ems_id, row.ean, ownerEmail(row, joined)],
  },
  sort: { user: ownerEmail },
  result: (row, joined): DeviceRow => ({ ...row, user_id: joined.registrations.get(row.uid) ?? null, user: ownerEmail(row, joined) ?? '' }),
});
