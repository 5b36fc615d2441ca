import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Machine } from '../../../shared/licenses/seat';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { writeChanges } from '../../lib/records/write-changes';
import { FloatingSeatEntity, type FloatingSeatRecord } from './floating-seat.entity';
import { LicenseEntity, licensePartition, type LicenseRecord } from './license.entity';
import { LicenseChangedError, licenseListOf } from './licenses.repository';
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

/** The seats in use whose lease runs now: one that ended is free for the next machine that asks. */
export async function runningFloatingSeats(licenseId: number, now = new Date()): Promise<FloatingSeatRecord[]> {
  return (await floatingSeatsOf(licenseId)).filter((seat) => Date.parse(seat.lease_end) > now.getTime());
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
 * (its own seat) does not, and is one conditional write of the seat alone: the app renews every few
 * minutes, and every seat's renewal checking the one license item would make them queue behind each other.
 * A change to the license reaches a renewing machine at its next renewal (the handler read it just before).
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
    ? { and: [{ attr: 'fingerprint', eq: previous.fingerprint }, { attr: 'user_id', eq: previous.user_id }, { attr: 'lease_end', eq: previous.lease_end }] }
    : { attr: 'fingerprint', exists: false };
  const held: FloatingSeatRecord = {
    license_id: license.id,
    seat,
    user_id: userId,
    fingerprint: machine.fingerprint,
    hostname: machine.hostname,
    kind,
    since: renewal ? previous.since : now.toISOString(),
    lease_end,
  };
  if (renewal && checks.length === 0) {
    try {
      await FloatingSeatEntity.build(PutItemCommand).item(held).options({ condition: asRead }).send();
      return;
    } catch (error) {
      if (isConditionFailure(error)) throw new LicenseChangedError('The seat changed meanwhile');
      throw error;
    }
  }
  await inTransaction(
    [
      ...(renewal ? [] : [licenseAsRead(license, now), seatEvent('reserve', license.id, userId, machine, now, { seat, ...(inUse === undefined ? {} : { inUse }) })]),
      FloatingSeatEntity.build(PutTransaction).item(held).options({ condition: asRead }),
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

/** Account deletion: the seats the user's machines hold on their own and shared floating licenses are freed. */
export async function releaseFloatingSeatsOf(userId: number, now = new Date()): Promise<void> {
  const { own, shared } = await licenseListOf(userId);
  for (const license of [...own, ...shared.map((entry) => entry.license)]) {
    if (license.seats === undefined) continue;
    const inUse = await floatingSeatsOf(license.id);
    let left = inUse.length;
    for (const held of inUse.filter((seat) => seat.user_id === userId)) {
      left -= 1;
      try {
        await freeFloatingSeat(license, held, userId, 'release', now, left);
      } catch (error) {
        // Freed or taken meanwhile: nothing of theirs is left on that seat.
        if (!(error instanceof LicenseChangedError)) throw error;
      }
    }
  }
}
