import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { unitUidSchema } from './product';

describe('a unit uid', () => {
  it('is read in upper case, whatever case it is given in', () => {
    expect(z.parse(unitUidSchema(), 'arc1a2b3c11')).toBe('ARC1A2B3C11');
    expect(z.parse(unitUidSchema(), ' Arc1A2b3C11 ')).toBe('ARC1A2B3C11');
    expect(z.parse(unitUidSchema(), 'ARC1A2B3C11')).toBe('ARC1A2B3C11');
  });

  it('is letters, digits and . _ : - only, at most 64', () => {
    expect(z.safeParse(unitUidSchema(), 'arc 1').success).toBe(false);
    expect(z.safeParse(unitUidSchema(), '').success).toBe(false);
    expect(z.safeParse(unitUidSchema(), 'a'.repeat(65)).success).toBe(false);
    expect(z.safeParse(unitUidSchema(), 'a_b.c:d-1').data).toBe('A_B.C:D-1');
  });
});
