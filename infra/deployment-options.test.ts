import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT_SCRIPT_URL } from './definitions';
import { deploymentOptionsFrom } from './portal-app';

const hash = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

describe('the deployment options for /config.json', () => {
  it('pins the checkout script with the integrity hash the operator gives', () => {
    expect(deploymentOptionsFrom({ checkoutStorefront: 'company.onfastspring.com/popup-company', checkoutScriptIntegrity: hash }).checkout).toEqual({
      storefront: 'company.onfastspring.com/popup-company',
      scriptUrl: DEFAULT_CHECKOUT_SCRIPT_URL,
      scriptIntegrity: hash,
    });
  });

  it('refuses a storefront without its script hash, a malformed hash, and a hash without a storefront', () => {
    expect(() => deploymentOptionsFrom({ checkoutStorefront: 'company.onfastspring.com/popup-company' })).toThrow(
      /checkoutStorefront needs checkoutScriptIntegrity/,
    );
    expect(() => deploymentOptionsFrom({ checkoutStorefront: 'shop', checkoutScriptIntegrity: 'sha1-abc' })).toThrow(/checkoutScriptIntegrity/);
    expect(() => deploymentOptionsFrom({ checkoutScriptIntegrity: hash })).toThrow(/give checkoutStorefront too/);
    expect(deploymentOptionsFrom({}).checkout).toBeUndefined();
  });

  it('takes the redirect origins as a list or comma-separated, and only origins', () => {
    expect(deploymentOptionsFrom({}).redirectOrigins).toEqual([]);
    expect(deploymentOptionsFrom({ redirectOrigins: 'https://shop.example.com, https://forum.example.com' }).redirectOrigins).toEqual([
      'https://shop.example.com',
      'https://forum.example.com',
    ]);
    expect(deploymentOptionsFrom({ redirectOrigins: ['https://forum.example.com'] }).redirectOrigins).toEqual(['https://forum.example.com']);
    for (const bad of ['https://shop.example.com/path', 'shop.example.com', 'https://shop.example.com/']) {
      expect(() => deploymentOptionsFrom({ redirectOrigins: bad }), bad).toThrow(/redirectOrigins/);
    }
  });

  it('takes the guide addresses as https addresses on real hosts, and leaves out the ones not given', () => {
    expect(deploymentOptionsFrom({}).guides).toEqual({});
    expect(deploymentOptionsFrom({ guidesUrl: 'https://docs.qoitech.com/guides' }).guides).toEqual({ guidesUrl: 'https://docs.qoitech.com/guides' });
    for (const bad of ['https://docs.example.com/guides', 'http://docs.qoitech.com/guides', 'docs.qoitech.com', 'https://guides.test/x']) {
      expect(() => deploymentOptionsFrom({ raspberryPiGuideUrl: bad }), bad).toThrow(/raspberryPiGuideUrl: an https address on a real host/);
    }
  });
});
