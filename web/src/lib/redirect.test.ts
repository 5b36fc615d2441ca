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

  it('refuses every form a browser reads as another origin: tabs, line breaks, backslashes', () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\\/evil.example', '/\t\\evil.example', '/\u0000/x']) {
      expect(safeRedirect(value)).toBeNull();
    }
    // Each of them would leave the site if followed as written:
    expect(new URL('/\t/evil.example', 'https://portal.example').host).toBe('evil.example');
  });

  it('sends a signed-out deep link to sign-in with a way back', () => {
    expect(signInPathFor('/licenses?services=true')).toBe('/signin?redirect=%2Flicenses%3Fservices%3Dtrue');
    expect(signInPathFor('/')).toBe('/signin');
    expect(signInPathFor('/signout')).toBe('/signin');
  });
});
