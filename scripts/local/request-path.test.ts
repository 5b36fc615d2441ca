import { describe, expect, it } from 'vitest';
import { isSafeRequestPath } from './request-path';

describe('a request path of the local stack', () => {
  it('passes as the portal’s own paths are written', () => {
    for (const path of [
      '/',
      '/signin',
      '/alllicenses/12',
      '/assets/index-3f2a1b.js',
      '/config.json',
      '/data/versions.json',
      '/downloads/Otii-3.6.0-setup.exe',
      '/downloads/otii_3.6.0+build.1_amd64.deb',
      '/umdata/exports/2026-01-01/licenses%20list.csv',
      '/local/checkout/builder.js',
      '/api/lic/5',
      '/downloads/100%25.zip',
    ]) {
      expect(isSafeRequestPath(path), path).toBe(true);
    }
  });

  it('refuses every encoding of a traversal, a backslash and a control character', () => {
    for (const path of [
      '/umdata/../secrets.json',
      '/umdata/..%2F..%2Fsecrets.json',
      '/umdata/..%2f..%2fsecrets.json',
      '/umdata/%2e%2e/secrets.json',
      '/umdata/%2E%2E%2Fsecrets.json',
      '/data/.%2e/x',
      '/data/%2e/x',
      '/downloads/..%252F..%252Fsecrets.json',
      '/downloads/%252e%252e/x',
      '/umdata/..\\secrets.json',
      '/umdata/..%5Csecrets.json',
      '/umdata/%5c..%5cx',
      '/assets/%00.js',
      '/data/x%0Ay',
      '/..',
      '/%',
      '/%zz',
    ]) {
      expect(isSafeRequestPath(path), path).toBe(false);
    }
  });
});
