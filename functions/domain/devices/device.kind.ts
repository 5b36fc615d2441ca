import { declareRecordKind } from '../../lib/records/record-kind';
import { deviceList } from './device-list';
import { DeviceEntity, devicePartition, type DeviceRecord } from './device.entity';

/** A produced unit as a record kind: keyed by its serial number, listed by its id (the admin devices list). */
export const deviceKind = declareRecordKind<typeof DeviceEntity, DeviceRecord, { device: typeof devicePartition }>({
  name: 'device',
  entity: DeviceEntity,
  key: ({ uid }) => ({ uid }),
  keys: { device: devicePartition },
  list: deviceList,
});
