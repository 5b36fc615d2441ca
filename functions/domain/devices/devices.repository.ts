import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { reserveIds } from '../../lib/db/counters';
import { isConditionFailure } from '../../lib/db/table';
import { requestListReload } from '../../lib/lists/list-store';
import { mergeDevice, type DeviceInput } from './device-import.rules';
import { DEVICE_LIST, deviceListWrites } from './device-list';
import { DeviceEntity } from './device.entity';

export type DeviceRecord = FormattedItem<typeof DeviceEntity>;

/** A write whose condition no longer held: another import changed the unit first. */
export class DeviceChangedError extends Error {
  override readonly name = 'DeviceChangedError';
}

export async function findDevice(uid: string): Promise<DeviceRecord | null> {
  const { Item } = await DeviceEntity.build(GetItemCommand).key({ uid }).options({ consistent: true }).send();
  return Item ?? null;
}

/** A unit's write with its list row and change, conditioned on the unit being as it was read (or new). */
function deviceWrites(device: DeviceRecord, read: DeviceRecord | null, now: Date) {
  const condition = read
    ? read.version === undefined
      ? { attr: 'version', exists: false }
      : { attr: 'version', eq: read.version }
    : { attr: 'uid', exists: false };
  return [
    DeviceEntity.build(PutTransaction)
      .item(device)
      .options({ condition: condition as never }),
    ...deviceListWrites(device, now),
  ];
}

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
}

/** Units written at once while importing; DynamoDB Local and a small table both cope with this. */
const PARALLEL = 8;
/** Beyond this many written units, every copy of the list loads afresh rather than read each change. */
const RELOAD_ABOVE = 500;

/**
 * Writes units read from a production file (device-import.rules.ts): a new uid becomes a unit with the
 * next device id; a known one takes the file's fields and gains the certificates and calibrations it
 * lacks; one the file adds nothing to is not written, so importing the same file again changes nothing.
 * Each unit is one transaction with its list row; a unit another import changed meanwhile is read again.
 */
export async function importDevices(devices: readonly DeviceInput[], now = new Date()): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0 };
  const queue = [...devices];
  const importOne = async (input: DeviceInput): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      const stored = await findDevice(input.uid);
      let device: DeviceRecord;
      if (stored) {
        const { merged, changed } = mergeDevice(stored, input);
        if (!changed) {
          outcome.unchanged++;
          return;
        }
        device = { ...merged, updated: now.toISOString(), version: (stored.version ?? 0) + 1 };
      } else {
        const id = await reserveIds('device', 1);
        const { merged } = mergeDevice({ ...input, certificates: [], calibration: [] }, input);
        device = { ...merged, id, created: now.toISOString(), updated: now.toISOString(), version: 0 };
      }
      try {
        await execute(...deviceWrites(device, stored, now));
        if (stored) outcome.updated++;
        else outcome.created++;
        return;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= 5) throw isConditionFailure(error) ? new DeviceChangedError(`Unit ${input.uid} changed meanwhile`) : error;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await importOne(next);
    }),
  );
  if (outcome.created + outcome.updated > RELOAD_ABOVE) await requestListReload(DEVICE_LIST, now);
  return outcome;
}
