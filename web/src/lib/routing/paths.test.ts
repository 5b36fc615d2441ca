import { describe, expect, it } from 'vitest';
import { paths, withQuery } from './paths';

describe('route paths', () => {
  it('are distinct absolute paths', () => {
    const all = Object.values(paths);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^\/[a-z]+(\/:[a-z]+)?$/);
  });

  it('take a query with each value percent-encoded', () => {
    expect(withQuery(paths.verify, { username: 'dana.demo' })).toBe('/verify?username=dana.demo');
    expect(withQuery(paths.signIn, { redirect: '/licenses?services=true' })).toBe(
      '/signin?redirect=%2Flicenses%3Fservices%3Dtrue',
    );
    expect(withQuery(paths.recoverPassword, {})).toBe('/recoverpassword');
  });
});
