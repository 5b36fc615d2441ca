import { describe, expect, it } from 'vitest';
import { isPlaceholderHost, placeholderAddresses } from './placeholder-address';

describe('placeholder addresses', () => {
  it('are those on the hosts kept for examples and tests', () => {
    for (const host of ['example.com', 'docs.example.com', 'EXAMPLE.ORG', 'shop.example.net', 'portal.example', 'a.invalid', 'portal.test']) {
      expect(isPlaceholderHost(host), host).toBe(true);
    }
    for (const host of ['example.co', 'myexample.com', 'docs.qoitech.com', 'localhost', 'sbl.onfastspring.com', 'testing.dev']) {
      expect(isPlaceholderHost(host), host).toBe(false);
    }
  });

  it('are found in a bundle or a template, once each', () => {
    const text = 'a="https://docs.example.com/eula",b=`https://docs.example.com/eula`,c="https://sbl.onfastspring.com/x",d=new URL("http://localhost"),e=/x/.test(y)';
    expect(placeholderAddresses(text)).toEqual(['https://docs.example.com/eula']);
  });
});
