import { describe, expect, it } from 'vitest';
import type { FloatingSeatRecord } from './floating-seat.entity';
import { chooseFloatingSeat } from './floating.rules';

const now = new Date('2026-11-28T12:00:00.000Z');
const held = (seat: number, fingerprint: string, leaseEnd: string, userId = 1): FloatingSeatRecord => ({
  license_id: 9,
  seat,
  user_id: userId,
  fingerprint,
  hostname: `${fingerprint}.lab`,
  kind: 'floating',
  since: '2026-11-28T11:00:00.000Z',
  lease_end: leaseEnd,
});
const later = '2026-11-28T12:10:00.000Z';
const earlier = '2026-11-28T11:50:00.000Z';

describe('choosing a floating seat', () => {
  it("gives a machine its own seat back, for its own user only, before any other", () => {
    expect(chooseFloatingSeat(3, [held(2, 'a', earlier)], 'a', 1, now)).toEqual({ take: 'own', held: held(2, 'a', earlier) });
    expect(chooseFloatingSeat(1, [held(1, 'a', later, 2)], 'a', 1, now)).toEqual({ full: true, firstEnd: later });
  });

  it('gives a free seat before reclaiming an ended lease, and reclaims the longest ended one only when none is free', () => {
    expect(chooseFloatingSeat(3, [held(1, 'a', earlier), held(3, 'c', later)], 'd', 1, now)).toEqual({ take: 'free', seat: 2 });
    const inUse = [held(1, 'a', '2026-11-28T11:55:00.000Z'), held(2, 'b', earlier), held(3, 'c', later)];
    expect(chooseFloatingSeat(3, inUse, 'd', 1, now)).toEqual({ take: 'reclaim', held: held(2, 'b', earlier) });
  });

  it('says when the first lease ends when every seat is in use, and never gives a seat beyond the count', () => {
    expect(chooseFloatingSeat(2, [held(1, 'a', later), held(2, 'b', '2026-11-28T12:05:00.000Z')], 'c', 1, now)).toEqual({ full: true, firstEnd: '2026-11-28T12:05:00.000Z' });
    expect(chooseFloatingSeat(1, [held(2, 'a', earlier)], 'b', 1, now)).toEqual({ take: 'free', seat: 1 });
    expect(chooseFloatingSeat(1, [held(1, 'x', later), held(2, 'a', earlier)], 'a', 1, now)).toEqual({ full: true, firstEnd: later });
  });

  it('spreads machines asking at once over the free seats', () => {
    const seats = new Set([0, 0.34, 0.67, 0.99].map((r) => (chooseFloatingSeat(3, [], 'a', 1, now, () => r) as { seat: number }).seat));
    expect(seats).toEqual(new Set([1, 2, 3]));
  });
});
