import { describe, expect, it } from 'vitest';
import { decodeBase64urlJson, encodeBase64urlJson } from './base64url';

describe('base64url JSON', () => {
  it('reads back what it wrote, also text beyond ASCII', () => {
    const value = { fingerprint: 'fp-1', hostname: 'Büro-PC', n: 3 };
    expect(decodeBase64urlJson(encodeBase64urlJson(value))).toEqual(value);
  });

  it('refuses text that is not base64, as atob does', () => {
    expect(() => decodeBase64urlJson('eyJhIjoxfQ!')).toThrow();
    expect(() => decodeBase64urlJson('not base64')).toThrow();
  });
});
