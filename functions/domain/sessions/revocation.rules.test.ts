import { describe, expect, it } from 'vitest';
import { isRevoked } from './revocation.rules';

describe('revocation rules', () => {
  const token = { sub: 's', origin: 'o-1', issuedAt: 1_000 };

  it('refuses every token of a signed-out sign-in, whenever issued, and no other sign-in', () => {
    const revocations = [{ scope: 'session#o-1', revoked_at: 500 }];
    expect(isRevoked(token, revocations)).toBe(true);
    expect(isRevoked({ ...token, origin: 'o-2' }, revocations)).toBe(false);
    expect(isRevoked({ ...token, origin: undefined }, revocations)).toBe(false);
  });

  it('refuses tokens of a deleted account issued until the deletion', () => {
    expect(isRevoked(token, [{ scope: 'account', revoked_at: 1_000 }])).toBe(true);
    expect(isRevoked(token, [{ scope: 'account', revoked_at: 999 }])).toBe(false);
    expect(isRevoked(token, [])).toBe(false);
  });
});
