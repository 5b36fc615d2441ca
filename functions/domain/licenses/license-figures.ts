import { countChanges, declareCounter, readTotals, sumPeriods, type Tally } from '../../lib/db/aggregates';
import { LICENSE_TYPE_IDS } from '../../../shared/licenses/catalog';
import type { LicenseRecord } from './licenses.repository';

/**
 * The license counts by type and state (the admin's license statistics and dashboard), kept by every
 * license write in its own transaction (licenseChangeWrites, prepareLicense), so they are read from a
 * few items, never from the licenses.
 *
 * "Active" (valid today) changes as days pass without any write, so it is not one counter but three
 * that a write does change: enabled licenses by the day they end, by the day they start, and those
 * without an end. Today's active licenses are then
 *   perpetual + (those ending today or later) − (those starting after today),
 * where a license counts as starting only if it does not end before it starts, so every one starting
 * after today is also one ending after today. Reading it is three Queries of days from today on.
 */
export const licenseCounters = {
  /** Enabled licenses without an end, by type. */
  perpetual: declareCounter({ name: 'licenses-perpetual', periods: ['total'] }),
  /** Enabled licenses with an end, by type and the day of their end. */
  endingOn: declareCounter({ name: 'licenses-ending', periods: ['day'] }),
  /** Enabled licenses (that do not end before they start), by type and the day they start. */
  startingOn: declareCounter({ name: 'licenses-starting', periods: ['day'] }),
  /**
   * Licenses whose seat a machine holds, by type: every reservation and return of every user changes
   * it, so it is spread over 16 items.
   */
  reserved: declareCounter({ name: 'licenses-reserved', periods: ['total'], shards: 16 }),
};

/** What a license counts for in the license counters. */
export function licenseTallies(license: LicenseRecord | null): Tally[] {
  if (!license) return [];
  const dimension = license.license_type_id;
  const tallies: Tally[] = [];
  if (license.reserved_to !== undefined && license.reserved_to !== null) tallies.push({ counter: licenseCounters.reserved, dimension });
  if (license.enabled) {
    if (license.valid_to) tallies.push({ counter: licenseCounters.endingOn, dimension, at: license.valid_to });
    else tallies.push({ counter: licenseCounters.perpetual, dimension });
    if (!license.valid_to || license.valid_to >= license.valid_from) tallies.push({ counter: licenseCounters.startingOn, dimension, at: license.valid_from });
  }
  return tallies;
}

/** The counter changes of a license write from `before` (null: new) to `after` (null: removed). */
export const licenseCountChanges = (before: LicenseRecord | null, after: LicenseRecord | null) => countChanges(licenseTallies(before), licenseTallies(after));

export interface LicenseTypeFigures {
  license_type: string;
  /** Enabled and valid today (started, not ended; perpetual ones included). */
  active: number;
  /** A machine holds its seat. */
  reserved: number;
  /** Enabled, without an end. */
  perpetual: number;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Per license type: active today, reserved, perpetual (read from the counters). */
export async function licenseTypeFigures(now = new Date()): Promise<LicenseTypeFigures[]> {
  const today = now.toISOString().slice(0, 10);
  const [perpetual, reserved, ending, starting] = await Promise.all([
    readTotals(licenseCounters.perpetual),
    readTotals(licenseCounters.reserved),
    sumPeriods(licenseCounters.endingOn, 'day', { from: today }),
    sumPeriods(licenseCounters.startingOn, 'day', { from: addDays(today, 1) }),
  ]);
  return LICENSE_TYPE_IDS.map((type) => ({
    license_type: type,
    active: (perpetual.get(type) ?? 0) + (ending.get(type) ?? 0) - (starting.get(type) ?? 0),
    reserved: reserved.get(type) ?? 0,
    perpetual: perpetual.get(type) ?? 0,
  }));
}
