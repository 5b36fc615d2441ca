import { describe, expect, it } from 'vitest';
import type { LicenseRecord } from './license.entity';
import { availableTo, machineBudgetRefusal } from './seat.rules';

const DAY = 86_400_000;
const now = new Date('2026-11-25T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const budget = { max: 3, since: new Date(now.getTime() - 7 * DAY), windowMs: 7 * DAY };

describe('the machine budget', () => {
  it('lets a machine in while fewer than the budget held the seat within the window', () => {
    expect(machineBudgetRefusal([], 'a', budget)).toBeNull();
    expect(machineBudgetRefusal([{ machine: 'a', last_reserved: daysAgo(1) }, { machine: 'b', last_reserved: daysAgo(2) }], 'c', budget)).toBeNull();
  });

  it('always lets one of the recent machines back in, however many there are', () => {
    const recent = ['a', 'b', 'c'].map((machine, i) => ({ machine, last_reserved: daysAgo(i + 1) }));
    expect(machineBudgetRefusal(recent, 'b', budget)).toBeNull();
  });

  it('refuses one machine too many until the oldest leaves the window, and forgets machines outside it', () => {
    const recent = [
      { machine: 'a', last_reserved: daysAgo(3) },
      { machine: 'b', last_reserved: daysAgo(1) },
      { machine: 'c', last_reserved: daysAgo(2) },
      { machine: 'old', last_reserved: daysAgo(8) },
    ];
    expect(machineBudgetRefusal(recent, 'd', budget)).toEqual({ from: new Date(Date.parse(daysAgo(3)) + 7 * DAY) });
    expect(machineBudgetRefusal(recent.slice(1), 'd', budget)).toBeNull();
  });
});

describe('whether a machine may take a seat', () => {
  const license = (fields: Partial<LicenseRecord>): LicenseRecord =>
    ({ id: 1, user_id: 1, license_type_id: 'Automation', enabled: true, addons: [], valid_to: '2099-01-01', ...fields }) as LicenseRecord;

  it('says yes for the holder’s machine and no for another user claiming its fingerprint', () => {
    const held = license({ reserved_to: 1, fingerprint: 'fp-laptop' });
    expect(availableTo(held, { fingerprint: 'fp-laptop' }, '2026-11-25', 1)).toBe(true);
    expect(availableTo(held, { fingerprint: 'fp-laptop' }, '2026-11-25', 2)).toBe(false);
    expect(availableTo(license({}), { fingerprint: 'fp-lab' }, '2026-11-25', 2)).toBe(true);
  });
});
