import { describe, expect, it } from 'vitest';
import { UNPROVEN_CLAIM_HOURS, claimHolds } from './email-claim.rules';

const now = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const claim = (hours: number) => ({ email: 'Ada@Example.com', created: hoursAgo(hours) });

describe('an email claim', () => {
  it('holds for a confirmed holder who has the address, however old', () => {
    expect(claimHolds(claim(1000), { status: 'CONFIRMED', email: 'ada@example.com' }, now)).toBe(true);
  });

  it('never holds for a holder that is gone', () => {
    expect(claimHolds(claim(0), null, now)).toBe(false);
  });

  it('holds for an unconfirmed sign-up only while it is young', () => {
    const unconfirmed = { status: 'UNCONFIRMED', email: 'ada@example.com' };
    expect(claimHolds(claim(UNPROVEN_CLAIM_HOURS - 1), unconfirmed, now)).toBe(true);
    expect(claimHolds(claim(UNPROVEN_CLAIM_HOURS), unconfirmed, now)).toBe(false);
  });

  it('holds for an email change not verified yet only while it is young', () => {
    const changing = { status: 'CONFIRMED', email: 'old@example.com' };
    expect(claimHolds(claim(2), changing, now)).toBe(true);
    expect(claimHolds(claim(UNPROVEN_CLAIM_HOURS + 1), changing, now)).toBe(false);
  });
});
