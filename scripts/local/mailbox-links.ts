/**
 * The local mailbox page shows the portal's links in mail as links a developer can follow: an address of
 * this portal (127.0.0.1 or localhost at its port) becomes a link to the same path on the page's own
 * origin, so it opens whichever of the two names the developer browses by. Any other address stays text:
 * the mails carry customers' words, and the page is no place to follow them. A path is letters, digits and
 * `- . / ~ %` only: nothing of the escaped text's entities (`&quot;`, `&lt;`) gets into a link; a path never
 * starts with `//`, which a browser would read as another host.
 */
export function linkPortalAddresses(escapedText: string, portalPort: string): string {
  return escapedText.replace(/\bhttps?:\/\/(?:127\.0\.0\.1|localhost):(\d+)(\/(?!\/)[\w\-./~%]*)?/g, (address, port: string, path = '/') =>
    port === portalPort ? `<a href="${path}">${address}</a>` : address,
  );
}
