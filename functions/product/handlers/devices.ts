import type { productAdminContract } from '../../../shared/contract/product.admin';
import { productMessages } from '../../../shared/products/messages';
import { deviceList } from '../../domain/devices/device-list';
import { findDevice } from '../../domain/devices/devices.repository';
import type { EndpointHandlers } from '../../endpoint';
import { notFound } from '../../lib/errors';

type AdminHandlers = EndpointHandlers<typeof productAdminContract>;

/** One page of the produced units, searched and sorted, last updated first unless asked otherwise (deviceList). */
export const getDevices: AdminHandlers['get_devices'] = async (params) => {
  const { rows, count } = await deviceList.page(params);
  return { devices: rows, count };
};

/** A unit with its certificates and calibrations. */
export const getDevice: AdminHandlers['get_device'] = async ({ uid }) => {
  const device = await findDevice(uid);
  if (!device) throw notFound(productMessages.deviceNotFound(uid));
  const { version: _version, ...fields } = device;
  return fields;
};
