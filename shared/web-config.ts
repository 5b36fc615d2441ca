import * as z from 'zod/mini';
import { isPlaceholderHost } from './placeholder-address';

/** One or more Subresource Integrity hashes (`sha256-`, `sha384-` or `sha512-` and base64), space-separated. */
export const SRI_HASH = /^(sha(256|384|512)-[A-Za-z0-9+/]+={0,2})( sha(256|384|512)-[A-Za-z0-9+/]+={0,2})*$/;

/** An http(s) origin written as the browser writes it: scheme, host and port only (https://shop.example.com). */
export function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * The address of a page of the product's documentation that the portal links to: https, on a real host
 * (never a placeholder such as docs.example.com), without credentials.
 */
export function isDocumentationAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && !isPlaceholderHost(url.hostname);
  } catch {
    return false;
  }
}

const documentationAddress = () => z.optional(z.string().check(z.refine(isDocumentationAddress, 'an https address of the documentation, on a real host')));

/** The runtime settings the SPA reads from /config.json; written by the CDK stack and by the local server. */
export const webConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1), z.maxLength(55)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Locally the emulator's URL; absent in AWS, where the SDK's default Cognito endpoint applies. */
  cognitoEndpoint: z.optional(z.url()),
  /** Base of the API: '/api' behind CloudFront and locally. */
  apiBase: z._default(z.string(), '/api'),
  /**
   * The checkout provider's popup storefront: its script (FastSpring's Store Builder Library in AWS, the
   * local sandbox's stand-in locally) and storefront id. Absent: buying is not offered.
   */
  checkout: z.optional(
    z.object({
      scriptUrl: z.string().check(z.minLength(1)),
      /**
       * The script's Subresource Integrity hash (`sha384-…`), for exactly the script version scriptUrl
       * names: the browser runs no script whose bytes do not match. Without it the SPA loads no script
       * and offers no buying (an unpinned script from another site could do anything in the portal).
       */
      scriptIntegrity: z.optional(z.string().check(z.regex(SRI_HASH, 'an SRI hash such as sha384-<base64>'))),
      storefront: z.string().check(z.minLength(1)),
      accessKey: z.optional(z.string()),
    }),
  ),
  /**
   * The other sites a `redirect` query may send the browser to (the shop, the forum), as origins; any
   * other site is refused. Paths of the portal itself need no entry.
   */
  redirectOrigins: z._default(
    z.array(z.string().check(z.refine(isWebOrigin, 'each entry is an origin: a scheme and host, no path'))),
    [],
  ),
  /** The product's guides, linked from the Download page; absent: no link. */
  guidesUrl: documentationAddress(),
  /** The guide to installing the server on a Raspberry Pi, linked from the Download page; absent: no link. */
  raspberryPiGuideUrl: documentationAddress(),
  /** True only on the local stack (shows the local mailbox link). */
  local: z._default(z.boolean(), false),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
