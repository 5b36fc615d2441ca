import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../shared/runtime';
import { logger } from './logger';
import { portalAddress, portalAddressSource, portalLink } from './portal-address';

afterEach(() => vi.restoreAllMocks());

/** A parameter store of one parameter that counts its reads (SSM's GetParameter in AWS). */
function store(values: Record<string, string>) {
  const reads: string[] = [];
  const reader = async (name: string) => {
    reads.push(name);
    const value = values[name];
    if (value === undefined) throw Object.assign(new Error(`Parameter ${name} not found`), { name: 'ParameterNotFound' });
    return value;
  };
  return { reads, reader };
}

describe('where the portal address comes from', () => {
  it('takes PORTAL_URL first (the local stack), then the parameter named by PORTAL_URL_PARAMETER (AWS), else none', () => {
    expect(portalAddressSource({ [ENV.portalUrl]: 'http://127.0.0.1:3000/', [ENV.portalUrlParameter]: '/P/portal-url' })).toEqual({
      kind: 'url',
      url: 'http://127.0.0.1:3000',
    });
    expect(portalAddressSource({ [ENV.portalUrlParameter]: '/P/portal-url' })).toEqual({ kind: 'parameter', name: '/P/portal-url' });
    expect(portalAddressSource({})).toEqual({ kind: 'none' });
  });

  it('refuses an address that is not an http(s) origin', () => {
    expect(() => portalAddressSource({ [ENV.portalUrl]: 'javascript:alert(1)' })).toThrow(/not http/);
    expect(() => portalAddressSource({ [ENV.portalUrl]: 'portal' })).toThrow();
  });
});

describe('a link to a page of the portal', () => {
  it('is absolute with PORTAL_URL, and reads no parameter', async () => {
    const { reads, reader } = store({});
    expect(await portalLink('/cases/12', { [ENV.portalUrl]: 'http://127.0.0.1:3000' }, reader)).toBe('http://127.0.0.1:3000/cases/12');
    expect(reads).toEqual([]);
  });

  it("reads the parameter's address once per cold start, however many mails and at once", async () => {
    const { reads, reader } = store({ '/Once/portal-url': 'https://d123.cloudfront.net' });
    const env = { [ENV.portalUrlParameter]: '/Once/portal-url' };
    const links = await Promise.all([portalLink('/cases/1', env, reader), portalLink('/cases/2', env, reader)]);
    expect(links).toEqual(['https://d123.cloudfront.net/cases/1', 'https://d123.cloudfront.net/cases/2']);
    expect(await portalLink('/cases/3', env, reader)).toBe('https://d123.cloudfront.net/cases/3');
    expect(reads).toEqual(['/Once/portal-url']);
  });

  it('is the path alone, with a warning, when the parameter cannot be read, and the next mail reads it again', async () => {
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const values: Record<string, string> = {};
    const { reads, reader } = store(values);
    const env = { [ENV.portalUrlParameter]: '/Later/portal-url' };
    expect(await portalLink('/cases/7', env, reader)).toBe('/cases/7');
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/could not be read/), expect.objectContaining({ parameter: '/Later/portal-url' }));
    values['/Later/portal-url'] = 'https://d456.cloudfront.net';
    expect(await portalLink('/cases/7', env, reader)).toBe('https://d456.cloudfront.net/cases/7');
    expect(reads).toEqual(['/Later/portal-url', '/Later/portal-url']);
  });

  it('is the path alone, with a warning, without any address or with a malformed one', async () => {
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(await portalLink('/cases/8', {})).toBe('/cases/8');
    expect(await portalAddress({ [ENV.portalUrl]: 'ftp://files.example.com' })).toBeUndefined();
    const { reader } = store({ '/Bad/portal-url': 'not a url' });
    expect(await portalLink('/cases/9', { [ENV.portalUrlParameter]: '/Bad/portal-url' }, reader)).toBe('/cases/9');
    expect(warnings).toHaveBeenCalledTimes(3);
  });
});
