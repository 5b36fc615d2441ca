import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { mapInBatches } from '../../lib/batches';
import { reserveIds } from '../../lib/db/counters';
import { isConditionFailure } from '../../lib/db/table';
import { requestListReload } from '../../lib/lists/list-store';
import { mergeDevice, newUnitOf, oversizedUnits, type DeviceInput, type ImportProblem } from './device-import.rules';
import { writeChanges } from '../../lib/records/write-changes';
import { DEVICE_LIST } from './device-list';
import { DeviceEntity, type DeviceRecord } from './device.entity';
import { deviceKind } from './device.kind';

export type { DeviceRecord } from './device.entity';

/** A write whose condition no longer held: another import changed the unit first. */
export class DeviceChangedError extends Error {
  override readonly name = 'DeviceChangedError';
}

export async function findDevice(uid: string): Promise<DeviceRecord | null> {
  const { Item } = await DeviceEntity.build(GetItemCommand).key({ uid }).options({ consistent: true }).send();
  return Item ?? null;
}

/** A unit's write with its list row and change, conditioned on the unit being as it was read (or new). */
function deviceChange(device: DeviceRecord, read: DeviceRecord | null) {
  const condition = read
    ? read.version === undefined
      ? ({ attr: 'version', exists: false } as const)
      : ({ attr: 'version', eq: read.version } as const)
    : ({ attr: 'uid', exists: false } as const);
  return deviceKind.change({ before: read, after: device, condition });
}

/** A unit the import could not write, with why. */
export interface ImportFailure {
  uid: string;
  /** The line of the file the unit starts on. */
  line?: number;
  message: string;
  /** An error the import did not expect (not DynamoDB's answer, nor a unit changed meanwhile). */
  unexpected?: Error;
}

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** The units of the batch that failed, each with its error (the rest of that batch was written). */
  failed: ImportFailure[];
  /** The units after the failed batch: not tried, so not written. */
  notTried: DeviceInput[];
}

/** Units read or written at once while importing; DynamoDB Local and a small table both cope with this. */
const PARALLEL = 8;
/** Beyond this many written units, every copy of the list loads afresh rather than read each change. */
const RELOAD_ABOVE = 500;

/** The stored units of a file's uids (null: not stored yet), read PARALLEL at a time. */
export async function findDevices(uids: readonly string[]): Promise<Map<string, DeviceRecord | null>> {
  const records = await mapInBatches(uids, PARALLEL, findDevice);
  return new Map(uids.map((uid, index) => [uid, records[index]!]));
}

/**
 * What the import must refuse before writing anything, having read what is stored: units that would be
 * over DynamoDB's item size once the file is merged into them. `stored` is what was read, for the write.
 */
export async function checkImport(devices: readonly DeviceInput[]): Promise<{ problems: ImportProblem[]; stored: Map<string, DeviceRecord | null> }> {
  const stored = await findDevices(devices.map((device) => device.uid));
  return { problems: oversizedUnits(devices, stored), stored };
}

const isServiceError = (error: unknown) => typeof error === 'object' && error !== null && '$metadata' in error;

/**
 * Writes units read from a production file (device-import.rules.ts): a new uid becomes a unit with the
 * next device id; a known one takes the file's fields and gains the certificates and calibrations it
 * lacks; one the file adds nothing to is not written, so importing the same file again changes nothing.
 * Each unit is one transaction with its list row; a unit another import changed meanwhile is read again.
 * `known` is what checkImport read (the first attempt writes on it; its condition says if it is stale).
 *
 * Units are written PARALLEL at a time. A batch with a failed unit is the last: its other units are
 * written, the ones after it are not tried, and the outcome says which is which (nothing is thrown).
 */
export async function importDevices(
  devices: readonly DeviceInput[],
  now = new Date(),
  known: ReadonlyMap<string, DeviceRecord | null> = new Map(),
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, failed: [], notTried: [] };
  const importOne = async (input: DeviceInput): Promise<'created' | 'updated' | 'unchanged'> => {
    for (let attempt = 1; ; attempt++) {
      const stored = attempt === 1 && known.has(input.uid) ? known.get(input.uid)! : await findDevice(input.uid);
      let device: DeviceRecord;
      if (stored) {
        const { merged, changed } = mergeDevice(stored, input);
        if (!changed) return 'unchanged';
        device = { ...merged, updated: now.toISOString(), version: (stored.version ?? 0) + 1 };
      } else {
        const id = await reserveIds('device', 1);
        const { merged } = mergeDevice(newUnitOf(input), input);
        device = { ...merged, id, created: now.toISOString(), updated: now.toISOString(), version: 0 };
      }
      try {
        await writeChanges([deviceChange(device, stored)], { now });
        return stored ? 'updated' : 'created';
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= 5) throw isConditionFailure(error) ? new DeviceChangedError(`Unit ${input.uid} changed meanwhile`) : error;
      }
    }
  };
  for (let start = 0; start < devices.length; start += PARALLEL) {
    const batch = devices.slice(start, start + PARALLEL);
    const results = await Promise.allSettled(batch.map(importOne));
    results.forEach((result, index) => {
      const { uid, line } = batch[index]!;
      if (result.status === 'fulfilled') outcome[result.value]++;
      else {
        const error = result.reason as Error;
        if (error instanceof DeviceChangedError) outcome.failed.push({ uid, line, message: error.message });
        else if (isServiceError(error)) outcome.failed.push({ uid, line, message: `${error.name}: ${error.message}` });
        else outcome.failed.push({ uid, line, message: String(error), unexpected: error });
      }
    });
    if (outcome.failed.length) {
      outcome.notTried = devices.slice(start + PARALLEL);
      break;
    }
  }
  if (outcome.created + outcome.updated > RELOAD_ABOVE) await requestListReload(DEVICE_LIST, now);
  return outcome;
}

/** Units written by code that cannot go on without them (the local seed, tests): any failure throws. */
export async function importDevicesOrThrow(devices: readonly DeviceInput[], now = new Date()): Promise<ImportOutcome> {
  const outcome = await importDevices(devices, now);
  const [first] = outcome.failed;
  if (first) throw first.unexpected ?? new Error(`Unit ${first.uid} was not imported: ${first.message}`);
  return outcome;
}
