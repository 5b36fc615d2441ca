import { describe, expect, it } from 'vitest';
import { checkRedirect, signInPathFor } from './redirect';

const SITE = 'https://portal.example.com';
const SHOP = 'https://shop.example.com';
const FORUM = 'https://forum.example.com';
const allowed = [SHOP, FORUM];

describe('a redirect query', () => {
  it('follows a path of this site, also written as a full address', () => {
    expect(checkRedirect('/download', SITE, allowed)).toEqual({ to: '/download', external: false });
    expect(checkRedirect('/ssosignin?sso=abc&sig=def', SITE)).toEqual({ to: '/ssosignin?sso=abc&sig=def', external: false });
    expect(checkRedirect(`${SITE}/profile#x`, SITE)).toEqual({ to: '/profile#x', external: false });
  });

  it('follows an address on a site the operator allows, as written', () => {
    expect(checkRedirect(`${SHOP}/thanks?x=1`, SITE, allowed)).toEqual({ to: `${SHOP}/thanks?x=1`, external: true });
    expect(checkRedirect(`${FORUM}/latest`, SITE, allowed)).toEqual({ to: `${FORUM}/latest`, external: true });
  });

  it('has nothing to follow without a redirect', () => {
    expect(checkRedirect(null, SITE, allowed)).toBeNull();
    expect(checkRedirect(undefined, SITE, allowed)).toBeNull();
    expect(checkRedirect('', SITE, allowed)).toBeNull();
  });

  it('refuses every other site, also one that only looks like an allowed one', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      `${SHOP}.evil.example/`,
      `${SHOP}@evil.example/`,
      'http://shop.example.com/thanks',
      'https://shop.example.com:8443/',
      'https://evil.example/?next=https://shop.example.com',
    ]) {
      expect(checkRedirect(value, SITE, allowed), value).toEqual({ refused: true });
    }
    // Without a list, only this site.
    expect(checkRedirect(`${SHOP}/thanks`, SITE)).toEqual({ refused: true });
  });

  it('refuses what is not a web address', () => {
    for (const value of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.example', 'http://[bad']) {
      expect(checkRedirect(value, SITE, allowed), value).toEqual({ refused: true });
    }
  });

  it('refuses every form a browser reads as another origin: tabs, line breaks, backslashes', () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\\/evil.example', '/\\evil.example', '/\u0000/x', 'java\tscript:alert(1)']) {
      expect(checkRedirect(value, SITE, allowed), JSON.stringify(value)).toEqual({ refused: true });
    }
    // Each of them would leave the site if followed as written:
    expect(new URL('/\t/evil.example', SITE).host).toBe('evil.example');
  });

  it('refuses a path of this site that dot segments turn into another origin', () => {
    for (const value of ['/.//evil.example', '/x/..//evil.example', '/%2e//evil.example', `${SITE}//evil.example`, '/./%2e//evil.example/x']) {
      expect(checkRedirect(value, SITE, allowed), value).toEqual({ refused: true });
    }
    // What the parser leaves of one of them is a protocol-relative address of another site:
    expect(new URL(new URL('/.//evil.example', SITE).pathname, SITE).host).toBe('evil.example');
  });
});

describe('a signed-out deep link', () => {
  it('goes to sign-in with a way back', () => {
    expect(signInPathFor('/licenses?services=true')).toBe('/signin?redirect=%2Flicenses%3Fservices%3Dtrue');
    expect(signInPathFor('/')).toBe('/signin');
    expect(signInPathFor('/signout')).toBe('/signin');
  });
});
