import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, isCalendarDay } from './dates';

describe('formatDate', () => {
  it('shows year-month-day with two-digit month and day', () => {
    expect(formatDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(formatDate(new Date(2024, 11, 31))).toBe('2024-12-31');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
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
