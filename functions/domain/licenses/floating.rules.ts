import type { FloatingSeatRecord } from './floating-seat.entity';

/** Which of a floating license's seats a machine gets, or why none. */
export type FloatingChoice =
  /** The seat this machine already holds for this user: renewed (or borrowed) in place. */
  | { take: 'own'; held: FloatingSeatRecord }
  /** A seat nobody holds. */
  | { take: 'free'; seat: number }
  /** A seat whose lease ended: reclaimed only now that someone needs it. */
  | { take: 'reclaim'; held: FloatingSeatRecord }
  /** Every seat is in use; the earliest lease end (it may be renewed before then). */
  | { full: true; firstEnd: string };

/**
 * Chooses a seat for `fingerprint` (of `userId`) among a license's `seats`, given the seats in use as read:
 * its own first, then a free one (picked at random, so machines asking at once mostly ask for different
 * seats), then the one whose lease ended longest ago. A seat numbered beyond `seats` (the license lost
 * seats) is never given, and only its own machine keeps renewing it until it is returned.
 */
export function chooseFloatingSeat(
  seats: number,
  inUse: readonly FloatingSeatRecord[],
  fingerprint: string,
  userId: number,
  now: Date,
  random: () => number = Math.random,
): FloatingChoice {
  const own = inUse.find((held) => held.fingerprint === fingerprint && held.user_id === userId && held.seat <= seats);
  if (own) return { take: 'own', held: own };
  const taken = new Set(inUse.map((held) => held.seat));
  const free = Array.from({ length: seats }, (_, index) => index + 1).filter((seat) => !taken.has(seat));
  if (free.length > 0) return { take: 'free', seat: free[Math.floor(random() * free.length)]! };
  const counted = inUse.filter((held) => held.seat <= seats).sort((a, b) => a.lease_end.localeCompare(b.lease_end));
  const ended = counted[0];
  if (ended && Date.parse(ended.lease_end) <= now.getTime()) return { take: 'reclaim', held: ended };
  return { full: true, firstEnd: ended!.lease_end };
}
