import { describe, expect, it } from 'vitest';
import { forumLoginUrl, readSsoRequest, ssoSignOutTarget } from './sso-urls';

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
  it('goes to a page of this site', () => {
    expect(ssoSignOutTarget('/download?version=2', SITE, null)).toBe('/download?version=2');
    expect(ssoSignOutTarget(`${SITE}/profile#x`, SITE, null)).toBe('/profile#x');
  });

  it('goes to the forum this browser signed in to', () => {
    expect(ssoSignOutTarget(`${FORUM}/latest`, SITE, FORUM)).toBe(`${FORUM}/latest`);
  });

  it('goes to /signin for anything else', () => {
    for (const redirect of [
      null,
      '',
      `${FORUM}/latest`,
      'https://evil.example.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://forum.example.com/latest',
      'https://forum.example.com.evil.example/',
    ]) {
      expect(ssoSignOutTarget(redirect, SITE, redirect === `${FORUM}/latest` ? null : FORUM)).toBe('/signin');
    }
  });
});
