import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, isCalendarDay, zoneName } from './dates';

// West of UTC, with a half-hour offset (UTC-3:30 in November): a day read as UTC midnight and shown in
// the local zone is the day before here. Node reads TZ again whenever it is set.
const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/St_Johns';
});
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('formatDate', () => {
  it('shows year-month-day with two-digit month and day', () => {
    expect(formatDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(formatDate(new Date(2024, 11, 31))).toBe('2024-12-31');
  });

  it('shows a stored calendar day as that day, west of UTC too', () => {
    expect(formatDate('2026-11-20')).toBe('2026-11-20');
    expect(formatDate('2026-01-01')).toBe('2026-01-01');
  });

  it("shows a moment as the day it is in the browser's time zone", () => {
    expect(formatDate('2026-11-20T02:00:00Z')).toBe('2026-11-19');
    expect(formatDate('2026-11-20T04:00:00Z')).toBe('2026-11-20');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
  });
});

describe('formatDateTime', () => {
  it("shows a moment's day and time in the browser's time zone, and names the zone", () => {
    expect(formatDateTime('2026-11-20T17:35:00Z')).toBe('2026-11-20 14:05 UTC-3:30');
    expect(formatDateTime('2026-11-20T02:00:00Z')).toBe('2026-11-19 22:30 UTC-3:30');
    // Summer time in July.
    expect(formatDateTime('2026-07-01T12:00:00Z')).toBe('2026-07-01 09:30 UTC-2:30');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDateTime('')).toBe('');
  });
});

describe('zoneName', () => {
  it('names a zone by its offset from UTC', () => {
    const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;
    expect(zoneName(at(0))).toBe('UTC');
    expect(zoneName(at(-60))).toBe('UTC+1');
    expect(zoneName(at(-345))).toBe('UTC+5:45');
    expect(zoneName(at(210))).toBe('UTC-3:30');
  });
});

describe('formatDay', () => {
  it('shows a stored day as it is, and the UTC date of a stored time', () => {
    expect(formatDay('2026-01-31')).toBe('2026-01-31');
    expect(formatDay('2026-01-31T23:30:00.000Z')).toBe('2026-01-31');
  });

  it('shows nothing for a value that is not a day', () => {
    expect(formatDay('')).toBe('');
    expect(formatDay('31/01/2026')).toBe('');
  });
});

describe('isCalendarDay', () => {
  it('takes a whole day written YYYY-MM-DD that exists', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-12-31')).toBe(true);
  });

  it('refuses a day that does not exist, a part typed so far and other ways of writing a date', () => {
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-30')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
    expect(isCalendarDay('2027-03-0')).toBe(false);
    expect(isCalendarDay('31/01/2026')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });
});
