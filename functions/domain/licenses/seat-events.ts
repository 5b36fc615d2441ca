import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import type { Machine } from '../../../shared/licenses/seat';
import { expiresIn } from '../../lib/db/table';
import { ReadWriteChange, type ReadWriteKind, type ToolboxItem } from '../../lib/db/write-transaction';
import { writeChanges } from '../../lib/records/write-changes';
import { SEAT_DAY_RETENTION_DAYS, SeatDayEntity } from './seat-day.entity';
import { SEAT_EVENT_RETENTION_DAYS, SeatEventEntity } from './seat-event.entity';

/**
 * What happened to a seat: a reservation, a return, a takeover, a release (by an owner, an organisation's
 * admin or a portal admin), an offline lease given to a machine without network.
 */
export type SeatEvent = 'reserve' | 'return' | 'takeover' | 'release' | 'offline';

/** Events that give a machine the seat: a holding starts (a takeover also ends the one before). */
export const HOLDING_STARTS: ReadonlySet<string> = new Set<SeatEvent>(['reserve', 'takeover', 'offline']);

/** What the seat event's write says beyond the event itself. */
export interface SeatEventDetail {
  /** Whose seat it was (a return or release of someone else's machine); absent: the user who acted. */
  holder?: number;
  /** Seats of the license in use after the change; absent: 1 after a reservation, 0 after a return (one seat a license). */
  inUse?: number;
  /** Which of a floating license's seats changed (1 …); absent: the license's one seat. */
  seat?: number;
}

/** One entry of a license's seat history with its day's figure. */
interface SeatTrailEntry {
  event: SeatEvent | 'refused';
  license_id: number;
  user_id: number;
  holder?: number;
  seat?: number;
  machine: Partial<Machine>;
  /** ISO time. */
  at: string;
  /** Seats in use after it (none for a refusal: it changes no seat). */
  inUse?: number;
}

const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * A license's seat history entry and its day's figure (seat-day.entity.ts), written in the transaction that
 * changes the seat: a kind of the transaction engine that needs no read (its figures are a set's ADD and a
 * plain SET), so a reservation costs no round trip more. Each entry has a key of its own: never merged.
 */
const seatTrail: ReadWriteKind<SeatTrailEntry> = {
  name: 'seat-trail',
  items: 2,
  merge: (_a, b) => b,
  build: async (_key, entry): Promise<ToolboxItem[]> => {
    const time = Date.parse(entry.at);
    const { event, license_id, user_id, holder, seat, machine, inUse } = entry;
    return [
      SeatEventEntity.build(PutTransaction).item({
        license_id,
        at: `${entry.at}#${randomUUID().slice(0, 8)}`,
        event,
        user_id,
        ...(holder === undefined || holder === user_id ? {} : { holder }),
        ...(seat === undefined ? {} : { seat }),
        ...machine,
        ttl: expiresIn(SEAT_EVENT_RETENTION_DAYS * 86_400, time),
      }),
      SeatDayEntity.build(UpdateTransaction).item({
        license_id,
        day: dayOf(entry.at),
        ...(inUse === undefined ? { refused: $add(1) } : { levels: $add(new Set([inUse])), held: inUse }),
        ttl: expiresIn(SEAT_DAY_RETENTION_DAYS * 86_400, time),
      }),
    ];
  },
};

const trailChange = (entry: SeatTrailEntry) => new ReadWriteChange(seatTrail, `${entry.license_id}#${entry.at}#${entry.event}`, entry);

/** The seat event's write (with its day's figure), for the transaction that changes the seat. */
export const seatEvent = (event: SeatEvent, licenseId: number, userId: number, machine: Partial<Machine>, now: Date, { holder, inUse, seat }: SeatEventDetail = {}) =>
  trailChange({
    event,
    license_id: licenseId,
    user_id: userId,
    ...(holder === undefined ? {} : { holder }),
    ...(seat === undefined ? {} : { seat }),
    machine,
    at: now.toISOString(),
    inUse: inUse ?? (HOLDING_STARTS.has(event) ? 1 : 0),
  });

/**
 * Records that `userId`'s machine was turned away because another machine held the license's seat: an
 * entry of the license's history and a refusal in its day's figure (one small transaction of its own: a
 * refusal changes nothing else).
 */
export const recordSeatRefusal = (licenseId: number, userId: number, machine: Partial<Machine>, now: Date) =>
  writeChanges([], { items: [trailChange({ event: 'refused', license_id: licenseId, user_id: userId, machine, at: now.toISOString() })], now });
