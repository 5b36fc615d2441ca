import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * DiscourseConnect, provider side: `sso` is standard base64 (not base64url) of a
 * URL-form-encoded payload, `sig` the lowercase hex HMAC-SHA256 of the base64 text itself (not the
 * decoded payload), keyed with the shared secret.
 */
export const sign = (payload: string, secret: string): string => createHmac('sha256', secret).update(payload).digest('hex');

/** Compares in constant time; a signature that is not 64 hex characters is refused before comparing. */
export function isValidSignature(sso: string, sig: string, secret: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
  return timingSafeEqual(Buffer.from(sign(sso, secret), 'hex'), Buffer.from(sig.toLowerCase(), 'hex'));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request's fields, or null when `sso` is not base64 of a form with a nonce and a return URL. */
export function parseRequest(sso: string): { nonce: string; returnSsoUrl: string } | null {
  const compact = sso.replace(/\n/g, '');
  if (!compact || !BASE64.test(compact)) return null;
  const fields = new URLSearchParams(Buffer.from(compact, 'base64').toString('utf8'));
  const nonce = fields.get('nonce');
  const returnSsoUrl = fields.get('return_sso_url');
  if (!nonce || !returnSsoUrl || !/^https?:\/\//.test(returnSsoUrl)) return null;
  return { nonce, returnSsoUrl };
}

/** Encodes and signs the answer: form encoding (space → +, + → %2B), then standard base64. */
export function buildResponse(fields: Record<string, string>, secret: string): { sso: string; sig: string } {
  const sso = Buffer.from(new URLSearchParams(fields).toString(), 'utf8').toString('base64');
  return { sso, sig: sign(sso, secret) };
}
