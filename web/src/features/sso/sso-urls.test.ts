import { describe, expect, it } from 'vitest';
import { forumLoginUrl, readSsoRequest, ssoSignOutRedirect } from './sso-urls';

const SITE = 'https://portal.example.com';
const FORUM = 'https://forum.example.com';

describe('single sign-on request', () => {
  it('reads sso and sig, percent-decoded once', () => {
    const params = new URLSearchParams('sso=bm9uY2U9YSs%2FYg%3D%3D&sig=abc123');
    expect(readSsoRequest(params)).toEqual({ sso: 'bm9uY2U9YSs/Yg==', sig: 'abc123' });
  });

  it('puts back a "+" that arrived unencoded as a space', () => {
    expect(readSsoRequest(new URLSearchParams('sso=ab+cd==&sig=ff'))).toEqual({ sso: 'ab+cd==', sig: 'ff' });
  });

  it('needs both sso and sig', () => {
    expect(readSsoRequest(new URLSearchParams('sso=abc'))).toBeNull();
    expect(readSsoRequest(new URLSearchParams('sig=abc'))).toBeNull();
    expect(readSsoRequest(new URLSearchParams('sso=&sig=abc'))).toBeNull();
  });
});

describe('forum login URL', () => {
  it('appends sso percent-encoded exactly once and sig', () => {
    const url = forumLoginUrl(`${FORUM}/session/sso_login`, 'a+b/c==', 'deadbeef');
    expect(url).toBe(`${FORUM}/session/sso_login?sso=a%2Bb%2Fc%3D%3D&sig=deadbeef`);
    expect(new URL(url!).searchParams.get('sso')).toBe('a+b/c==');
  });

  it('adds to a query the return URL already has', () => {
    expect(forumLoginUrl(`${FORUM}/session/sso_login?x=1`, 'abc=', 'ff')).toBe(`${FORUM}/session/sso_login?x=1&sso=abc%3D&sig=ff`);
  });

  it('refuses a return URL that is not http(s)', () => {
    expect(forumLoginUrl('javascript:alert(1)', 'abc', 'ff')).toBeNull();
    expect(forumLoginUrl('/relative', 'abc', 'ff')).toBeNull();
  });
});

describe('where /ssosignout goes', () => {
  const go = (to: string, external: boolean) => ({ to, external });
  const SHOP = 'https://shop.example.com';

  it('goes to a page of this site', () => {
    expect(ssoSignOutRedirect('/download?version=2', SITE, [], null)).toEqual(go('/download?version=2', false));
    expect(ssoSignOutRedirect(`${SITE}/profile#x`, SITE, [], null)).toEqual(go('/profile#x', false));
  });

  it('goes to the forum this browser signed in to, or a site the operator allows', () => {
    expect(ssoSignOutRedirect(`${FORUM}/latest`, SITE, [], FORUM)).toEqual(go(`${FORUM}/latest`, true));
    expect(ssoSignOutRedirect(`${SHOP}/thanks`, SITE, [SHOP], null)).toEqual(go(`${SHOP}/thanks`, true));
  });

  it('has nowhere to go without a redirect', () => {
    expect(ssoSignOutRedirect(null, SITE, [SHOP], FORUM)).toBeNull();
    expect(ssoSignOutRedirect('', SITE, [SHOP], FORUM)).toBeNull();
  });

  it('refuses anything else', () => {
    for (const redirect of [
      `${FORUM}/latest`,
      'https://evil.example.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://forum.example.com/latest',
      'https://forum.example.com.evil.example/',
    ]) {
      expect(ssoSignOutRedirect(redirect, SITE, [SHOP], redirect === `${FORUM}/latest` ? null : FORUM)).toEqual({ refused: true });
    }
  });
});
