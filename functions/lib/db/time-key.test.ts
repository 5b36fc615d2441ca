import { describe, expect, it } from 'vitest';
import { timeOfKey, timeOrderedKey } from './time-key';

describe('time-ordered keys', () => {
  it('start with the time, so that they sort in time order', () => {
    const earlier = timeOrderedKey(new Date('2025-03-01T10:00:00.000Z'), 'ffffffff');
    const later = timeOrderedKey(new Date('2025-03-01T10:00:00.001Z'), '00000000');
    expect(earlier < later).toBe(true);
  });

  it('are unique for records of the same millisecond', () => {
    const now = new Date();
    expect(timeOrderedKey(now)).not.toBe(timeOrderedKey(now));
  });

  it('give back the time they were recorded', () => {
    expect(timeOfKey(timeOrderedKey(new Date('2025-03-01T10:00:00.000Z')))).toBe('2025-03-01T10:00:00.000Z');
  });
});
