import { DEVICES_PAGE_SIZE, type productAdminContract } from '../../../shared/contract/product.admin';
import { productMessages } from '../../../shared/products/messages';
import { deviceListCache, type DeviceListRow } from '../../domain/devices/device-list';
import { deviceMatches, deviceSortValue } from '../../domain/devices/device-list.rules';
import { findDevice } from '../../domain/devices/devices.repository';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { notFound } from '../../lib/errors';
import { column, pageOf } from '../../lib/lists/list-page';

type AdminHandlers = EndpointHandlers<typeof productAdminContract>;

/** One page of the produced units, last updated first unless asked otherwise. */
export const getDevices: AdminHandlers['get_devices'] = async ({ limit = DEVICES_PAGE_SIZE, page = 1, order_by, descending, search }) => {
  const rows = await deviceListCache.current();
  const result = pageOf(rows.values(), {
    filter: deviceMatches(search),
    sortBy: deviceSortValue(order_by ?? 'updated'),
    descending: descending ?? order_by === undefined,
    tieBreaker: column<DeviceListRow>('id'),
    page,
    limit,
  });
  return { devices: result.rows, count: result.count };
};

/** A unit with its certificates and calibrations. */
export const getDevice: AdminHandlers['get_device'] = async ({ uid }) => {
  const device = await findDevice(uid);
  if (!device) throw notFound(productMessages.deviceNotFound(uid));
  const { version: _version, ...fields } = device;
  return fields;
};
