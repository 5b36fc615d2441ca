import { describe, expect, it } from 'vitest';
import { webConfigSchema } from '../../shared/web-config';
import { ConfigError, getConfig, loadConfig } from './config';

const answer = (body: unknown, status = 200) =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

const valid = { region: 'eu-west-1', userPoolId: 'eu-west-1_abc', userPoolClientId: 'client' };

describe('/config.json', () => {
  it('names the missing settings', async () => {
    await expect(loadConfig(answer({ region: 'eu-west-1' }))).rejects.toThrow(/userPoolId.*userPoolClientId/);
  });

  it('says when the file is missing, not JSON or unreachable', async () => {
    await expect(loadConfig(answer('nope', 404))).rejects.toThrow('HTTP 404');
    await expect(loadConfig(answer('<html>'))).rejects.toThrow('not JSON');
    await expect(loadConfig((async () => Promise.reject(new TypeError('offline'))) as typeof fetch)).rejects.toBeInstanceOf(
      ConfigError,
    );
    expect(() => getConfig()).toThrow(ConfigError);
  });

  it('applies the defaults and keeps the settings for later', async () => {
    const config = await loadConfig(answer(valid));
    expect(config).toEqual({ ...valid, apiBase: '/api', redirectOrigins: [], local: false });
    expect(getConfig()).toBe(config);
  });

  it('takes as redirect origins only origins, not addresses with a path or another scheme', () => {
    const parse = (redirectOrigins: string[]) => webConfigSchema.safeParse({ ...valid, redirectOrigins }).success;
    expect(parse(['https://shop.example.com', 'http://127.0.0.1:4100'])).toBe(true);
    for (const origin of ['https://shop.example.com/', 'https://shop.example.com/path', 'shop.example.com', 'javascript:alert(1)', 'ftp://x.example']) {
      expect(parse([origin]), origin).toBe(false);
    }
  });
});
