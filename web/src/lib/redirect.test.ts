import { describe, expect, it } from 'vitest';
import { safeRedirect, signInPathFor } from './redirect';

describe('sign-in redirect', () => {
  it('follows a redirect to a path on this site', () => {
    expect(safeRedirect('/download')).toBe('/download');
    expect(safeRedirect('/ssosignin?sso=abc&sig=def')).toBe('/ssosignin?sso=abc&sig=def');
  });

  it('ignores a redirect to another site or no redirect at all', () => {
    for (const value of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirect(value)).toBeNull();
    }
  });

  it('sends a signed-out deep link to sign-in with a way back', () => {
    expect(signInPathFor('/licenses?services=true')).toBe('/signin?redirect=%2Flicenses%3Fservices%3Dtrue');
    expect(signInPathFor('/')).toBe('/signin');
    expect(signInPathFor('/signout')).toBe('/signin');
  });
});
