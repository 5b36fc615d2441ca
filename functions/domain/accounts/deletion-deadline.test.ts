import { describe, expect, it } from 'vitest';
import { deletionDeadline } from './deletion-deadline';

describe('the deletion deadline', () => {
  it('is the end of the second working day after the request, in UTC', () => {
    // Monday → end of Wednesday; Thursday → end of Monday; Friday late → end of Tuesday; Saturday → end of Tuesday.
    expect(deletionDeadline(new Date('2026-11-23T09:00:00Z')).toISOString()).toBe('2026-11-25T23:59:59.999Z');
    expect(deletionDeadline(new Date('2026-11-26T09:00:00Z')).toISOString()).toBe('2026-11-30T23:59:59.999Z');
    expect(deletionDeadline(new Date('2026-11-27T23:30:00Z')).toISOString()).toBe('2026-12-01T23:59:59.999Z');
    expect(deletionDeadline(new Date('2026-11-28T00:30:00Z')).toISOString()).toBe('2026-12-01T23:59:59.999Z');
  });

  it('is the same whatever the time zone of the machine (the suite also runs under a non-UTC TZ)', () => {
    // 23:30 UTC on a Friday is already Saturday east of UTC: a local-time rule would give another day.
    const friday = new Date('2026-11-27T23:30:00Z');
    expect(deletionDeadline(friday).getUTCDay()).toBe(2);
    expect(deletionDeadline(friday).getUTCHours()).toBe(23);
  });
});
