import { beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, apiMessages } from '../../shared/api';
import { resetAuth } from './auth';
import { resetConfig } from './config';
import { createEndpointApp } from './endpoint-app';

/** The dispatcher alone, through app.request(): no Lambda, no network. */
describe('createEndpointApp', () => {
  beforeAll(() => {
    Object.assign(process.env, {
      TABLE_NAME: 'unit',
      USER_POOL_ID: 'us-east-1_unit',
      USER_POOL_CLIENT_ID: 'client',
      AWS_REGION: 'us-east-1',
    });
    resetConfig();
    resetAuth();
  });

  const calls: unknown[] = [];
  const app = createEndpointApp('user', {
    get_user_profile: async () => {
      throw new Error('never reached without a valid token');
    },
    update_user_profile: async (params) => {
      calls.push(params);
      return { id: 1, username: 'u', email: 'e', beta_access: false, legacy: false, ...params };
    },
    delete_user_account: async () => ({ requested: '', delete_by: '' }),
    get_admins: async () => ({ admins: [] }),
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/api/user', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers });

  it('serves only its own path', async () => {
    const res = await app.request('/api/other', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', message: apiMessages.unknownEndpoint });
  });

  it('checks the token before it looks at params, so strangers learn nothing about them', async () => {
    const res = await post({ cmd: 'update_user_profile', version: API_VERSION, first_name: '' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 'error', message: apiMessages.missingToken });
    expect(calls).toHaveLength(0);
  });

  it('refuses a malformed bearer token without calling the handler', async () => {
    const res = await post({ cmd: 'update_user_profile', first_name: 'A', last_name: 'B' }, { authorization: 'Bearer not.a.jwt' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(apiMessages.invalidToken);
    expect(calls).toHaveLength(0);
  });

  it('names an unknown cmd and refuses a wrong version before any auth', async () => {
    expect(await (await post({ cmd: 'nope' })).json()).toEqual({ status: 'error', message: apiMessages.unknownCmd('user', 'nope') });
    const res = await post({ cmd: 'get_user_profile', version: 1 });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(apiMessages.unsupportedVersion);
  });
});
