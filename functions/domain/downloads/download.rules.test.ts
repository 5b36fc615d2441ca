import { describe, expect, it } from 'vitest';
import { downloadCreated, downloadId } from './download.rules';

describe('download ids', () => {
  it('start with the time, so that they sort in time order', () => {
    const earlier = downloadId(new Date('2025-03-01T10:00:00.000Z'), 'ffffffff');
    const later = downloadId(new Date('2025-03-01T10:00:00.001Z'), '00000000');
    expect(earlier < later).toBe(true);
  });

  it('are unique for downloads in the same millisecond', () => {
    const now = new Date();
    expect(downloadId(now)).not.toBe(downloadId(now));
  });

  it('give back the time they were recorded', () => {
    expect(downloadCreated(downloadId(new Date('2025-03-01T10:00:00.000Z')))).toBe('2025-03-01T10:00:00.000Z');
  });
});
