import { describe, expect, it } from 'vitest';
import { nextDeletionRun } from './deletion';

describe('nextDeletionRun', () => {
  it('is the same night before the job hour, and the next night from it on', () => {
    expect(nextDeletionRun(new Date('2026-11-20T01:59:59Z')).toISOString()).toBe('2026-11-20T02:00:00.000Z');
    expect(nextDeletionRun(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-21T02:00:00.000Z');
    expect(nextDeletionRun(new Date('2026-11-30T23:00:00Z')).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });
});
