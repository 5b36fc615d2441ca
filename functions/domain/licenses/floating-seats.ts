import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Machine } from '../../../shared/licenses/seat';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { writeChanges } from '../../lib/records/write-changes';
import { FloatingSeatEntity, type FloatingSeatRecord } from './floating-seat.entity';
import { LicenseEntity, licensePartition, type LicenseRecord } from './license.entity';
import { LicenseChangedError } from './licenses.repository';
import { seatEvent } from './seat-events';

export type { FloatingSeatRecord } from './floating-seat.entity';

/** A floating license's seats in use (read consistently: a reservation chooses from them). */
export async function floatingSeatsOf(licenseId: number): Promise<FloatingSeatRecord[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(FloatingSeatEntity)
    .query({ partition: licensePartition(licenseId), range: { beginsWith: 'seat#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  return Items;
}

/** The license is still as read, enabled, not past its end, not on a dongle: the lease signed from that reading holds. */
const licenseAsRead = (license: LicenseRecord, now: Date) =>
  LicenseEntity.build(ConditionCheck)
    .key({ id: license.id })
    .condition({
      and: [
        license.version === undefined ? { attr: 'version', exists: false } : { attr: 'version', eq: license.version },
        { attr: 'enabled', eq: true },
        { attr: 'hid', exists: false },
        { or: [{ attr: 'valid_to', exists: false }, { attr: 'valid_to', gte: now.toISOString().slice(0, 10) }] },
      ],
    });

async function inTransaction(items: TransactionWrite[], now: Date): Promise<void> {
  try {
    await writeChanges([], { items, now });
  } catch (error) {
    if (isConditionFailure(error)) throw new LicenseChangedError('The seat or the license changed meanwhile');
    throw error;
  }
}

export interface FloatingLease {
  kind: 'floating' | 'borrow';
  lease_end: string;
}

/**
 * Gives the machine seat `seat` of a floating license, in one transaction whose conditions decide any race:
 * the seat is still as read (`previous`: the holder and lease that were read, this machine's own or an ended
 * one; none: free), and the license still as read and usable. A new holder writes a seat event; a renewal
 * (its own seat) does not.
 */
export async function holdFloatingSeat(
  license: LicenseRecord,
  seat: number,
  previous: FloatingSeatRecord | undefined,
  userId: number,
  machine: Machine,
  { kind, lease_end }: FloatingLease,
  { checks = [], now = new Date(), inUse }: { checks?: TransactionWrite[]; now?: Date; inUse?: number } = {},
): Promise<void> {
  const renewal = previous !== undefined && previous.fingerprint === machine.fingerprint && previous.user_id === userId;
  const asRead: Condition<typeof FloatingSeatEntity> = previous
    ? { and: [{ attr: 'fingerprint', eq: previous.fingerprint }, { attr: 'lease_end', eq: previous.lease_end }] }
    : { attr: 'fingerprint', exists: false };
  await inTransaction(
    [
      licenseAsRead(license, now),
      FloatingSeatEntity.build(PutTransaction)
        .item({
          license_id: license.id,
          seat,
          user_id: userId,
          fingerprint: machine.fingerprint,
          hostname: machine.hostname,
          kind,
          since: renewal ? previous.since : now.toISOString(),
          lease_end,
        })
        .options({ condition: asRead }),
      // `inUse`: the license's seats in use once this one is taken, for its seat chart.
      ...(renewal ? [] : [seatEvent('reserve', license.id, userId, machine, now, { seat, ...(inUse === undefined ? {} : { inUse }) })]),
      ...checks,
    ],
    now,
  );
}

/** Frees a floating seat, with its seat event: only while the machine that was read still holds it. */
export async function freeFloatingSeat(
  license: LicenseRecord,
  held: FloatingSeatRecord,
  byUserId: number,
  event: 'return' | 'release',
  now = new Date(),
  /** The license's seats in use once this one is free, for its seat chart. */
  inUse?: number,
): Promise<void> {
  await inTransaction(
    [
      FloatingSeatEntity.build(DeleteTransaction)
        .key({ license_id: license.id, seat: held.seat })
        .options({ condition: { attr: 'fingerprint', eq: held.fingerprint } }),
      seatEvent(event, license.id, byUserId, { fingerprint: held.fingerprint, hostname: held.hostname }, now, { seat: held.seat, holder: held.user_id, inUse: inUse ?? 0 }),
    ],
    now,
  );
}
