import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import type { Machine } from '../../../shared/licenses/seat';
import { expiresIn } from '../../lib/db/table';
import { SEAT_EVENT_RETENTION_DAYS, SeatEventEntity } from './seat-event.entity';

/**
 * What happened to a seat: a reservation, a return, a takeover, a release (by an owner, an organisation's
 * admin or a portal admin), an offline lease given to a machine without network.
 */
export type SeatEvent = 'reserve' | 'return' | 'takeover' | 'release' | 'offline';

/** The seat event's write, for the transaction that changes the seat. */
export const seatEvent = (event: SeatEvent, licenseId: number, userId: number, machine: Partial<Machine>, now: Date) =>
  SeatEventEntity.build(PutTransaction).item({
    month: now.toISOString().slice(0, 7),
    at: `${now.toISOString()}#${licenseId}#${randomUUID().slice(0, 8)}`,
    event,
    license_id: licenseId,
    user_id: userId,
    ...machine,
    ttl: expiresIn(SEAT_EVENT_RETENTION_DAYS * 86_400, now.getTime()),
  });

