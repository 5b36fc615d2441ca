import { describe, expect, it } from 'vitest';
import { authenticatorCodeSchema, authenticatorMessages, authenticatorUri, groupedSecret, normalizeAuthenticatorCode } from './authenticator';

describe('authenticator code', () => {
  it('takes six digits, with a space in the middle as apps show them', () => {
    expect(authenticatorCodeSchema.safeParse('123456').success).toBe(true);
    expect(authenticatorCodeSchema.safeParse(' 123 456 ').success).toBe(true);
    expect(normalizeAuthenticatorCode(' 123 456 ')).toBe('123456');
  });

  it('refuses anything else with the message that says what to type', () => {
    for (const code of ['', '12345', '1234567', '12a456', '12 34 56']) {
      expect(authenticatorCodeSchema.safeParse(code).error?.issues[0]?.message).toBe(authenticatorMessages.code);
    }
  });
});

describe('authenticator address', () => {
  it('names the issuer and the account and carries the secret, escaped', () => {
    const uri = new URL(authenticatorUri('User Management', 'ada lovelace', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/User Management:ada lovelace');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('User Management');
  });

  it('groups the secret by four for typing', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});
