/**
 * JSON carried as base64url (RFC 4648 §5, no padding), in the browser and in Node alike: JWT payloads,
 * the desktop app's machine description, a signed reservation's token.
 */
export function encodeBase64urlJson(value: unknown): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** What atob takes after the base64url letters are mapped back: either alphabet, padding at the end. */
const BASE64URL = /^[A-Za-z0-9+/_-]*={0,2}$/;

export function decodeBase64urlJson(text: string): unknown {
  // In Node (the API, the desktop protocol on every call) the runtime's decoder, several times faster
  // than atob; only what atob would take.
  if (typeof Buffer !== 'undefined') {
    if (!BASE64URL.test(text)) throw new SyntaxError('Not base64url');
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  }
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
