import { randomUUID } from 'node:crypto';
import type { DeviceInput } from '../../functions/domain/devices/device-import.rules';
import { importDevicesOrThrow } from '../../functions/domain/devices/devices.repository';
import { asUnit, callApi } from './api';

/** A produced unit with a fresh uid (what production's file would say of it). */
export function newDevice(fields: Partial<DeviceInput> = {}): DeviceInput {
  const tag = randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase();
  return {
    uid: `T${tag}`,
    serial_no: `SN-${tag}`,
    product_id: 'Arc',
    hardware_version: '1.3',
    ems_id: `EMS-${tag.slice(0, 6)}`,
    ean: '7350063470017',
    certificates: [],
    calibration: [],
    ...fields,
  };
}

/** Units stored as the import stores them (as the import-devices operator unit). */
export const storeDevices = (...devices: DeviceInput[]) =>
  asUnit({ endpoint: 'product' }, () => importDevicesOrThrow(devices));

/** A `product` call with the caller's token. */
export const productCall = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('product', { cmd, ...params }, token);
