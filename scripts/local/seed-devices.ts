import type { DeviceInput } from '../../functions/domain/devices/device-import.rules';
import { findDevice, importDevicesOrThrow } from '../../functions/domain/devices/devices.repository';
import { findProductByUid, registerProduct } from '../../functions/domain/products/products.repository';

const unit = (n: number, product_id: string, hardware_version: string, events: { labeled?: string; calibrated?: string } = {}): DeviceInput => {
  const serial_no = `${product_id === 'Arc' ? 'ARC' : 'ACE'}-${String(2400 + n).padStart(6, '0')}`;
  const ean = product_id === 'Arc' ? '7350063470017' : '7350063470024';
  return {
    uid: `${product_id.toUpperCase()}${String(0x1a2b3c00 + n * 17).toUpperCase()}`,
    serial_no,
    product_id,
    hardware_version,
    ems_id: `EMS-${1000 + n}`,
    ean,
    certificates: events.labeled ? [{ created: events.labeled, serial_no, ean, cert: `CE;FCC;RoHS;${serial_no};${ean}` }] : [],
    calibration: events.calibrated
      ? [{ created: events.calibrated, calibration: JSON.stringify({ main_current_gain: 1.0012, main_current_offset: -0.0003, voltage_gain: 0.9998, temperature: 23.1 }) }]
      : [],
  };
};

/** The demo's produced units: Arc and Ace units, most labeled and calibrated; the first two are registered to `demo`. */
export const demoDevices: DeviceInput[] = [
  unit(1, 'Arc', '1.2', { labeled: '2024-03-04T09:12:00Z', calibrated: '2024-03-04T10:40:00Z' }),
  unit(2, 'Ace', '2.0', { labeled: '2024-05-21T08:03:00Z', calibrated: '2024-05-21T09:30:00Z' }),
  unit(3, 'Arc', '1.2', { labeled: '2024-03-04T09:15:00Z', calibrated: '2024-03-04T10:44:00Z' }),
  unit(4, 'Arc', '1.3', { labeled: '2024-09-10T13:01:00Z' }),
  unit(5, 'Ace', '2.0', { labeled: '2024-05-21T08:09:00Z', calibrated: '2024-05-21T09:41:00Z' }),
  unit(6, 'Ace', '2.1'),
  unit(7, 'Arc', '1.3', { labeled: '2024-09-10T13:07:00Z', calibrated: '2024-09-11T08:20:00Z' }),
  unit(8, 'Arc', '1.3'),
];

/**
 * Writes the demo units (an import of them: idempotent) and registers the first two to the demo
 * customer unless they are registered already. Run as the seed unit.
 */
export async function seedDemoDevices(demoUserId: number): Promise<void> {
  await importDevicesOrThrow(demoDevices);
  for (const { uid } of demoDevices.slice(0, 2)) {
    if (await findProductByUid(uid)) continue;
    const device = await findDevice(uid);
    if (device) await registerProduct(device, demoUserId);
  }
}
