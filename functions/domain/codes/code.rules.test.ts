import { describe, expect, it } from 'vitest';
import { codeMessages, normalizeCode } from '../../../shared/commerce/codes';
import { addDuration, generateCode, redeemedLicenseDays, redemptionRefusal } from './code.rules';

describe('license code rules', () => {
  it('generates distinct codes of four groups of four unambiguous characters', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateCode));
    expect(codes.size).toBe(2000);
    for (const code of [...codes].slice(0, 50)) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('compares codes without case, spaces or hyphens', () => {
    expect(normalizeCode(' ab12-cd34 ef ')).toBe('AB12CD34EF');
  });

  it('adds days, weeks, months and years to a day, keeping the month end', () => {
    expect(addDuration('2026-11-23', 'P1Y')).toBe('2027-11-23');
    expect(addDuration('2026-11-23', 'P2W')).toBe('2026-12-07');
    expect(addDuration('2026-12-31', 'P10D')).toBe('2027-01-10');
    expect(addDuration('2027-01-31', 'P1M')).toBe('2027-02-28');
    expect(addDuration('2028-02-29', 'P1Y')).toBe('2029-02-28');
    expect(addDuration('2026-01-15', 'P1000M')).toBe('2109-05-15');
  });

  it('refuses a used single-use code, and a code outside its window with the answer an unknown code gets', () => {
    expect(redemptionRefusal({ single_usage: true, used_by: 3 }, '2026-11-23')).toBe(codeMessages.used);
    expect(redemptionRefusal({ single_usage: false, valid_from: '2026-12-01' }, '2026-11-23')).toBe(codeMessages.notValid);
    expect(redemptionRefusal({ single_usage: false, valid_to: '2026-11-22' }, '2026-11-23')).toBe(codeMessages.notValid);
    expect(redemptionRefusal({ single_usage: false, valid_from: '2026-11-23', valid_to: '2026-11-23' }, '2026-11-23')).toBeNull();
    expect(redemptionRefusal({ single_usage: true }, '2026-11-23')).toBeNull();
  });

  it('gives a license of the code\'s duration from the day of redemption, or to the campaign\'s end', () => {
    expect(redeemedLicenseDays({ single_usage: true, duration: 'P1M' }, '2026-11-23')).toEqual({ valid_from: '2026-11-23', valid_to: '2026-12-23' });
    expect(redeemedLicenseDays({ single_usage: false, valid_to: '2027-01-31' }, '2026-11-23')).toEqual({ valid_from: '2026-11-23', valid_to: '2027-01-31' });
    expect(redeemedLicenseDays({ single_usage: false }, '2026-11-23')).toEqual({ valid_from: '2026-11-23' });
  });
});
