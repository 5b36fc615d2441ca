import { describe, expect, it } from 'vitest';
import { API_VERSION, MAX_JSON_BODY_BYTES, UPLOAD_FILE_FIELD, apiMessages } from '../../shared/api';
import { allCmds } from '../../shared/contract/all';
import type { CmdDefinition } from '../../shared/contract/define';
import { callApi, createAdminUser, createConfirmedUser, stackContext, uploadApi, type FormFile } from '../support/api';
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

/**
 * A call as the SPA makes it: JSON, or for an upload cmd a multipart form (every param a text field or a
 * file), so each matrix case reaches the dispatcher the way real calls do.
 */
function send(endpoint: string, def: CmdDefinition, fields: Record<string, unknown>, token?: string) {
  if (!def.upload) return callApi(endpoint, fields, token);
  const form = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, typeof value === 'object' && value !== null ? (value as FormFile) : String(value)]),
  );
  return uploadApi(endpoint, form, token);
}
/** What is of the wrong type for a param: for a JSON cmd a nested object; in a form a file for a text field, text for the file. */
const wrongValue = (def: CmdDefinition, key: string): unknown =>
  !def.upload ? { nested: ['not', 'valid'] } : key === UPLOAD_FILE_FIELD ? 'not a file' : ({ name: 'stray.bin', content: 'x' } satisfies FormFile);

/** A customer and an admin of this file's own, so no test depends on the demo accounts' state. */
const customer = createConfirmedUser();
const admin = createAdminUser();

describe.each(cmds.filter((c) => c.def.role !== 'public'))('$endpoint $cmd', ({ endpoint, cmd, def }) => {
  it('refuses a call without a token', async () => {
    const res = await send(endpoint, def, { cmd });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: apiMessages.missingToken });
  });

  it('refuses a token signed by another key', async () => {
    const res = await send(endpoint, def, { cmd }, mintToken(accessClaims(issuer, clientId), strangerKey()));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(apiMessages.invalidToken);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const res = await send(endpoint, def, { cmd }, mintToken(accessClaims(issuer, clientId, { iat: past, exp: past + 60 })));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(apiMessages.expiredToken);
  });

  it('refuses an id token, a token of another client and one of another issuer', async () => {
    for (const claims of [
      accessClaims(issuer, clientId, { token_use: 'id' }),
      accessClaims(issuer, 'another-client'),
      accessClaims('http://127.0.0.1:1/local_other', clientId),
    ]) {
      const res = await send(endpoint, def, { cmd }, mintToken(claims));
      expect(res.status).toBe(401);
      expectErrorEnvelope(res.body);
    }
  });

  if (def.role === 'admin') {
    it('refuses a signed-in user who is not an admin', async () => {
      const tokens = await customer;
      const res = await send(endpoint, def, { cmd }, def.token === 'id' ? tokens.idToken : tokens.accessToken);
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
      const res = await send(endpoint, def, { cmd, [key]: wrongValue(def, key) }, await tokenFor());
      expect(res.status).toBe(400);
      expectErrorEnvelope(res.body);
      expect(res.body.message).toContain(key);
    }
  });

  if (def.upload) {
    const { maxBytes } = def.upload;
    it('refuses a file over its limit with 413, and a JSON body with a clear 400', async () => {
      const tooLarge = await send(endpoint, def, { cmd, [UPLOAD_FILE_FIELD]: { name: 'big.bin', content: new Uint8Array(maxBytes + 1) } }, await tokenFor());
      expect(tooLarge).toEqual({ status: 413, body: { status: 'error', message: apiMessages.fileTooLarge(maxBytes) } });
      const json = await callApi(endpoint, { cmd }, await tokenFor());
      expect(json).toEqual({ status: 400, body: { status: 'error', message: apiMessages.multipartRequired } });
    });
  } else {
    it('refuses a multipart form with a clear 400', async () => {
      const res = await uploadApi(endpoint, { cmd }, await tokenFor());
      expect(res).toEqual({ status: 400, body: { status: 'error', message: apiMessages.jsonRequired } });
    });
  }

  it('refuses a param it does not know, rather than dropping it', async () => {
    const res = await send(endpoint, def, { cmd, surplus_param: 1 }, await tokenFor());
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
