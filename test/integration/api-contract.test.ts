import { describe, expect, it } from 'vitest';
import { API_VERSION, MAX_JSON_BODY_BYTES, apiMessages } from '../../shared/api';
import { allCmds } from '../../shared/contract/all';
import { callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { accessClaims, mintToken, strangerKey } from '../support/tokens';

/**
 * Generated from the contract: every cmd refuses callers without the right role and bad input,
 * always with an error envelope and never a stack trace.
 */
const cmds = allCmds();
const { localStack } = stackContext();
const issuer = localStack.functionEnv.COGNITO_ISSUER!;
const clientId = localStack.resources.userPoolClientId;

function expectErrorEnvelope(body: { status: string; message?: string }) {
  expect(body.status).toBe('error');
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toMatch(/\n\s+at |Error:|stack/i);
}

/** A customer and an admin of this file's own, so no test depends on the demo accounts' state. */
const customer = createConfirmedUser();
const admin = createAdminUser();

describe.each(cmds.filter((c) => c.def.role !== 'public'))('$endpoint $cmd', ({ endpoint, cmd, def }) => {
  it('refuses a call without a token', async () => {
    const res = await callApi(endpoint, { cmd });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: apiMessages.missingToken });
  });

  it('refuses a token signed by another key', async () => {
    const res = await callApi(endpoint, { cmd }, mintToken(accessClaims(issuer, clientId), strangerKey()));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(apiMessages.invalidToken);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const res = await callApi(endpoint, { cmd }, mintToken(accessClaims(issuer, clientId, { iat: past, exp: past + 60 })));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(apiMessages.expiredToken);
  });

  it('refuses an id token, a token of another client and one of another issuer', async () => {
    for (const claims of [
      accessClaims(issuer, clientId, { token_use: 'id' }),
      accessClaims(issuer, 'another-client'),
      accessClaims('http://127.0.0.1:1/local_other', clientId),
    ]) {
      const res = await callApi(endpoint, { cmd }, mintToken(claims));
      expect(res.status).toBe(401);
      expectErrorEnvelope(res.body);
    }
  });

  if (def.role === 'admin') {
    it('refuses a signed-in user who is not an admin', async () => {
      const tokens = await customer;
      const res = await callApi(endpoint, { cmd }, def.token === 'id' ? tokens.idToken : tokens.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(apiMessages.adminOnly);
    });
  }

  const tokenFor = async () => {
    const tokens = await (def.role === 'admin' ? admin : customer);
    return def.token === 'id' ? tokens.idToken : tokens.accessToken;
  };

  it('answers every param of the wrong type with a clear 400', async () => {
    const keys = Object.keys((def.params as unknown as { shape: Record<string, unknown> }).shape);
    for (const key of keys) {
      const res = await callApi(endpoint, { cmd, [key]: { nested: ['not', 'valid'] } }, await tokenFor());
      expect(res.status).toBe(400);
      expectErrorEnvelope(res.body);
      expect(res.body.message).toContain(key);
    }
  });

  it('refuses a param it does not know, rather than dropping it', async () => {
    const res = await callApi(endpoint, { cmd, surplus_param: 1 }, await tokenFor());
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(apiMessages.unknownParam(['surplus_param']));
  });
});

describe('the dispatcher', () => {
  const endpoint = cmds[0]!.endpoint;

  it('answers an unknown cmd with its name, but never echoes a long or odd one', async () => {
    const res = await callApi(endpoint, { cmd: 'drop_all_tables' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Unknown cmd "drop_all_tables" for endpoint ${endpoint}`);
    const odd = await callApi(endpoint, { cmd: `<img src=x onerror=alert(1)>${'y'.repeat(300)}` });
    expect(odd.body.message).toBe(`Unknown cmd for endpoint ${endpoint}`);
  });

  it('answers a body that is not JSON, not an object, or has no cmd', async () => {
    for (const [body, message] of [
      ['{not json', apiMessages.invalidJson],
      ['[1,2]', apiMessages.invalidJson],
      ['"text"', apiMessages.invalidJson],
      [JSON.stringify({ version: API_VERSION }), apiMessages.missingCmd],
    ] as const) {
      const res = await callApi(endpoint, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', message });
    }
  });

  it('refuses another API version', async () => {
    const res = await callApi(endpoint, { cmd: cmds[0]!.cmd, version: 1999 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(apiMessages.unsupportedVersion);
  });

  it('refuses a body over the limit', async () => {
    const res = await callApi(endpoint, JSON.stringify({ cmd: cmds[0]!.cmd, padding: 'x'.repeat(MAX_JSON_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(apiMessages.bodyTooLarge);
  });

  it('answers an unknown endpoint and a GET with an envelope', async () => {
    const { baseUrl } = stackContext();
    const unknown = await callApi('no-such-endpoint', { cmd: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'error', message: apiMessages.unknownEndpoint });
    const get = await fetch(`${baseUrl}/api/${endpoint}`);
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ status: 'error', message: apiMessages.methodNotAllowed });
  });
});
