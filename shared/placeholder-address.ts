/**
 * Addresses on the hosts kept for examples and tests (RFC 2606: example.com, .net and .org, and the
 * top-level names example, invalid and test): written as a stand-in, they lead nowhere for a customer.
 * No setting may name one, and the built SPA and the synthesized stack must hold none (their tests
 * scan them with placeholderAddresses).
 */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|invalid|test)\.?$/i;

export const isPlaceholderHost = (hostname: string): boolean => PLACEHOLDER_HOST.test(hostname);

/** Every http(s) address in `text` whose host is a placeholder, once each. */
export function placeholderAddresses(text: string): string[] {
  const found = new Set<string>();
  for (const [address, host] of text.matchAll(/https?:\/\/([a-z0-9.-]+)[^\s"'`<>)\\]*/gi)) {
    if (isPlaceholderHost(host!)) found.add(address);
  }
  return [...found];
}
