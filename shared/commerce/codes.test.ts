import { describe, expect, it } from 'vitest';
import { describeDuration, formatDuration } from './codes';

describe('describeDuration', () => {
  it('spells out a period of one unit, singular for one', () => {
    expect(describeDuration('P6M')).toBe('6 months');
    expect(describeDuration('P1Y')).toBe('1 year');
    expect(describeDuration('P30D')).toBe('30 days');
    expect(describeDuration('P1D')).toBe('1 day');
    expect(describeDuration('P2W')).toBe('2 weeks');
    expect(describeDuration('P1000Y')).toBe('1000 years');
  });

  it('reads back every duration the generator writes', () => {
    expect(describeDuration(formatDuration(1, 'M'))).toBe('1 month');
    expect(describeDuration(formatDuration(12, 'W'))).toBe('12 weeks');
  });

  it('shows a value that is not a period of one unit as it is, rather than misreading it', () => {
    expect(describeDuration('P1Y6M')).toBe('P1Y6M');
    expect(describeDuration('PT5H')).toBe('PT5H');
    expect(describeDuration('')).toBe('');
    expect(describeDuration('6 months')).toBe('6 months');
  });
});
