import { describe, expect, it } from 'vitest';
import { webConfigSchema } from '../../../../shared/web-config';
import { checkoutScriptAttributes } from './script-tag';

const pinned = {
  scriptUrl: 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js',
  scriptIntegrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
  storefront: 'company.onfastspring.com/popup-company',
};

describe('the checkout script element', () => {
  it('is pinned: it carries the configured integrity hash and crossorigin="anonymous"', () => {
    expect(checkoutScriptAttributes(pinned)).toEqual({
      id: 'fsc-api',
      src: pinned.scriptUrl,
      integrity: pinned.scriptIntegrity,
      crossorigin: 'anonymous',
      'data-storefront': pinned.storefront,
      'data-data-callback': 'portalCheckoutData',
      'data-popup-closed': 'portalCheckoutPopupClosed',
    });
    expect(checkoutScriptAttributes({ ...pinned, accessKey: 'KEY' })).toMatchObject({ 'data-access-key': 'KEY' });
  });

  it('is not made at all without a hash', () => {
    expect(checkoutScriptAttributes({ scriptUrl: pinned.scriptUrl, storefront: pinned.storefront })).toBeNull();
  });

  it('takes only a well-formed hash from /config.json', () => {
    const config = (checkout: object) =>
      webConfigSchema.safeParse({ region: 'eu-west-1', userPoolId: 'p', userPoolClientId: 'c', checkout }).success;
    expect(config(pinned)).toBe(true);
    expect(config({ ...pinned, scriptIntegrity: `${pinned.scriptIntegrity} sha512-AAAA` })).toBe(true);
    for (const scriptIntegrity of ['', 'oqVuAfXRKap7', 'md5-abc', 'sha384-not base64!', 'sha384-abc"><script>']) {
      expect(config({ ...pinned, scriptIntegrity }), scriptIntegrity).toBe(false);
    }
  });
});
