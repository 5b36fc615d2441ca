import { Hono } from 'hono/tiny';
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { secrets } from '../registry';
import { isFromDistribution } from './request';
import { runAs, type FunctionRuntime } from './runtime-env';
import { knownSecret } from './secrets';

const SECRET = 'origin-secret-value';
const unit = (env: Record<string, string>): FunctionRuntime => ({ name: 'user', needs: {}, env });

/** What the check says of a request, and whether it had to wait to say it. */
const app = new Hono().post('/', (c) => {
  const verdict = isFromDistribution(c);
  return c.json({ waited: verdict instanceof Promise, fromDistribution: verdict instanceof Promise ? null : verdict });
});
const check = (runtime: FunctionRuntime, headers: Record<string, string>) =>
  runAs(runtime, async () => (await app.request('/', { method: 'POST', headers })).json());

describe('the distribution check of a warm call', () => {
  const withSecret = unit({ [secrets.originVerify.env]: SECRET });

  it('answers at once, without waiting, when the secret is in the environment: yes for the secret, no for anything else', async () => {
    expect(await check(withSecret, { [ORIGIN_VERIFY_HEADER]: SECRET })).toEqual({ waited: false, fromDistribution: true });
    expect(await check(withSecret, { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` })).toEqual({ waited: false, fromDistribution: false });
    expect(await check(withSecret, {})).toEqual({ waited: false, fromDistribution: false });
  });

  it('knows a secret at once only from the environment or a fetch within its five minutes, never one not fetched yet', () => {
    expect(runAs(withSecret, () => knownSecret(secrets.originVerify.env))).toBe(SECRET);
    expect(runAs(unit({ [`${secrets.originVerify.env}_SECRET_ID`]: 'arn:not-fetched' }), () => knownSecret(secrets.originVerify.env))).toBeUndefined();
  });
});
