import { describe, expect, it } from 'vitest';
import { buildResponse, isValidSignature, parseRequest, sign } from './discourse-connect';

const secret = 'shared-secret';
const request = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString()).toString('base64');

describe('DiscourseConnect', () => {
  it('signs the base64 text with lowercase hex HMAC-SHA256', () => {
    // The example of Discourse's DiscourseConnect documentation: the payload as sent, trailing newline included.
    const sso = 'bm9uY2U9Y2I2ODI1MWVlZmI1MjExZTU4YzAwZmYxMzk1ZjBjMGI=\n';
    const sig = '2828aa29899722b35a2f191d34ef9b3ce695e0e6eeec47deb46d588d70c7cb56';
    expect(sign(sso, 'd836444a9e4084d5b224a60c208dce14')).toBe(sig);
    expect(isValidSignature(sso, sig, 'd836444a9e4084d5b224a60c208dce14')).toBe(true);
    expect(parseRequest(sso)).toBeNull(); // it carries a nonce but no return_sso_url
  });

  it('accepts its own signature and refuses a changed payload, a changed or malformed signature', () => {
    const sso = request({ nonce: 'n1', return_sso_url: 'https://forum.example.com/session/sso_login' });
    const sig = sign(sso, secret);
    expect(isValidSignature(sso, sig, secret)).toBe(true);
    expect(isValidSignature(sso, sig.toUpperCase(), secret)).toBe(true);
    expect(isValidSignature(`${sso}A`, sig, secret)).toBe(false);
    expect(isValidSignature(sso, `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`, secret)).toBe(false);
    expect(isValidSignature(sso, 'zz', secret)).toBe(false);
    expect(isValidSignature(sso, sign(sso, 'other-secret'), secret)).toBe(false);
  });

  it('reads nonce and return_sso_url, and refuses payloads without them or not base64', () => {
    expect(parseRequest(request({ nonce: 'abc', return_sso_url: 'https://f.example/x' }))).toEqual({
      nonce: 'abc',
      returnSsoUrl: 'https://f.example/x',
    });
    expect(parseRequest(request({ nonce: 'abc' }))).toBeNull();
    expect(parseRequest(request({ return_sso_url: 'https://f.example/x' }))).toBeNull();
    expect(parseRequest(request({ nonce: 'abc', return_sso_url: 'javascript:alert(1)' }))).toBeNull();
    expect(parseRequest('not base64!')).toBeNull();
    expect(parseRequest('')).toBeNull();
  });

  it('form-encodes the answer so that + and spaces survive, in standard base64', () => {
    const { sso, sig } = buildResponse({ nonce: 'n', email: 'a+b@example.com', name: 'Ada Love' }, secret);
    expect(sso).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const text = Buffer.from(sso, 'base64').toString();
    expect(text).toBe('nonce=n&email=a%2Bb%40example.com&name=Ada+Love');
    expect(new URLSearchParams(text).get('email')).toBe('a+b@example.com');
    expect(sig).toBe(sign(sso, secret));
  });
});
