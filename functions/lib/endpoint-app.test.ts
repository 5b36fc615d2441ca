import { createServer, type AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { API_VERSION, MAX_JSON_BODY_BYTES, apiMessages } from '../../shared/api';
import { userContract } from '../../shared/contract/user';
import * as z from 'zod/mini';
import { cmd, defineEndpoint, formBoolean, formInt, uploadCmd } from '../../shared/contract/define';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import type { CmdDefinition, EndpointContract } from '../../shared/contract/define';
import type { Viewer } from './caller';
import { createEndpointApp, type EndpointHandlers, type EndpointSteps } from './endpoint-app';
import { runAs } from './runtime-env';
import { currentCall } from './call-context';

/** The pipeline without the domains' steps: these calls are public, or stopped before the caller's user. */
const unitSteps: EndpointSteps<Viewer> = {
  isRevoked: async () => false,
  viewerOf: async (caller) => ({ userId: 1, isAdmin: caller.isAdmin, caller }),
};
const endpointApp = <C extends EndpointContract<string, Record<string, CmdDefinition>>>(contract: C, handlers: EndpointHandlers<C>) => createEndpointApp(contract, handlers, unitSteps);


/** The dispatcher alone, through app.request(): no Lambda, no network. */
const SECRET = 'from-cloudfront';
/** A port that was free a moment ago, where nothing listens: a service that is down. */
const closedPort = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    server.close(() => resolve(port));
  });
});
const env = {
  TABLE_NAME: 'unit',
  USER_POOL_ID: 'us-east-1_unit',
  USER_POOL_CLIENT_ID: 'client',
  AWS_REGION: 'us-east-1',
  ORIGIN_VERIFY_SECRET: SECRET,
  // Nothing listens here: the issuer's key set cannot be fetched.
  COGNITO_ISSUER: `http://127.0.0.1:${closedPort}/us-east-1_unit`,
};
const runtime = { name: 'user', needs: {}, env };

describe('createEndpointApp', () => {
  const calls: unknown[] = [];
  const app = endpointApp(userContract, {
    get_user_profile: async () => {
      throw new Error('never reached without a valid token');
    },
    update_user_profile: async (params) => {
      calls.push(params);
      return { id: 1, username: 'u', email: 'e', company: '', beta_access: false, legacy: false, ...params, expiry_notices: params.expiry_notices ?? true };
    },
    check_recipient: async ({ user_id }) => ({ user_id, name: '' }),
    delete_user_account: async () => ({ requested: '', delete_by: '' }),
    get_account_deletion: async () => ({ request: null }),
    withdraw_account_deletion: async () => ({ withdrawn: '' }),
    sign_out: async () => ({ signed_out: true }),
    add_user_download: async () => ({ id: '', created: '' }),
    accept_eula: async ({ client_version }) => ({ client_version, accepted: '' }),
    get_eula_acceptances: async () => ({ acceptances: [] }),
    get_iv_curves: async () => ({ curves: [], count: 0, can_publish: false }),
    upload_iv_curve: async () => {
      throw new Error('never reached without a valid token');
    },
    get_iv_curve_file: async () => ({ id: 1, version: 1, filename: '', content: '' }),
    delete_iv_curve: async ({ id }) => ({ id }),
  });
  const post = (body: unknown, headers: Record<string, string> = { [ORIGIN_VERIFY_HEADER]: SECRET }, target = app) =>
    runAs(runtime, () =>
      target.request(`/api/${target === app ? 'user' : 'sso'}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers }),
    );

  it('refuses a request that did not come through the distribution, before reading it', async () => {
    const attempts: Record<string, string>[] = [{}, { [ORIGIN_VERIFY_HEADER]: 'guess' }, { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }];
    for (const headers of attempts) {
      const res = await post({ cmd: 'get_user_profile' }, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: 'error', message: apiMessages.directCall });
    }
  });

  it('serves only its own path', async () => {
    const res = await runAs(runtime, () => app.request('/api/other', { method: 'POST', body: '{}' }));
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
    const res = await post({ cmd: 'update_user_profile', first_name: 'A', last_name: 'B' }, { [ORIGIN_VERIFY_HEADER]: SECRET, authorization: 'Bearer not.a.jwt' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(apiMessages.invalidToken);
    expect(calls).toHaveLength(0);
  });

  it('names an unknown cmd and refuses a wrong version before any auth', async () => {
    expect(await (await post({ cmd: 'nope' })).json()).toEqual({ status: 'error', message: 'Unknown cmd "nope" for endpoint user' });
    const res = await post({ cmd: 'get_user_profile', version: 1 });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(apiMessages.unsupportedVersion);
  });

  it('never echoes a long or odd cmd back whole', async () => {
    const sent = `<script>${'x'.repeat(500)}</script>`;
    const { message } = await (await post({ cmd: sent })).json();
    expect(message).toBe('Unknown cmd for endpoint user');
    expect(message).not.toContain('script');
  });

  it('answers an outage of the key set with 503, not as a bad token (no sign-out)', async () => {
    const header = `${Buffer.from('{"alg":"RS256","kid":"k"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 's', token_use: 'access', client_id: 'client', iss: env.COGNITO_ISSUER, exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url')}.c2ln`;
    const res = await post({ cmd: 'get_user_profile' }, { [ORIGIN_VERIFY_HEADER]: SECRET, authorization: `Bearer ${header}` });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe(apiMessages.unavailable);
  });

  it('answers an outage of the store with 503 and the outage message, no stack trace', async () => {
    const probe = defineEndpoint({ path: 'probe', cmds: { read: cmd('public', () => ({}), () => z.object({})) } });
    const storeDown = endpointApp(probe, {
      read: async () => {
        // A real SDK call to a port where nothing listens: the error DynamoDB's client raises in an outage.
        const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${closedPort}`, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
        await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }));
        return {};
      },
    });
    const res = await runAs(runtime, () =>
      storeDown.request('/api/probe', { method: 'POST', body: JSON.stringify({ cmd: 'read' }), headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', message: apiMessages.unavailable });
  });
});

describe('createEndpointApp with an upload cmd', () => {
  const received: unknown[] = [];
  const files = defineEndpoint({
    path: 'files',
    cmds: {
      put_file: uploadCmd('public', { maxBytes: 1024 }, () => ({ count: formInt(), shared: z.optional(formBoolean()) }), () => z.object({ size: z.int(), text: z.string() })),
      ping: cmd('public', () => ({}), () => z.object({ pong: z.boolean() })),
    },
  });
  const app = endpointApp(files, {
    put_file: async (params) => {
      received.push(params);
      return { size: params.uploaded_file.size, text: await params.uploaded_file.text() };
    },
    ping: async () => ({ pong: true }),
  });
  const form = (fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value instanceof Blob) body.append(name, value, 'curve.csv');
      else body.append(name, value);
    }
    return body;
  };
  const send = (body: FormData | string, headers: Record<string, string> = {}) =>
    runAs(runtime, () => app.request('/api/files', { method: 'POST', body, headers: { [ORIGIN_VERIFY_HEADER]: SECRET, ...headers } }));

  it('reads a multipart form: the file as a File, the other fields coerced by their schema', async () => {
    const res = await send(form({ cmd: 'put_file', version: String(API_VERSION), client: 'web', count: '12', shared: 'true', uploaded_file: new Blob(['a,b\n']) }));
    expect(await res.json()).toEqual({ status: 'ok', data: { size: 4, text: 'a,b\n' } });
    expect(received.at(-1)).toMatchObject({ count: 12, shared: true });
  });

  it('refuses a file over the cmd limit with 413, before the handler', async () => {
    const before = received.length;
    const res = await send(form({ cmd: 'put_file', count: '1', uploaded_file: new Blob(['x'.repeat(1025)]) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 'error', message: apiMessages.fileTooLarge(1024) });
    expect(received).toHaveLength(before);
  });

  it('refuses a form larger than the upload limit and its fields, before reading it', async () => {
    const res = await send(form({ cmd: 'put_file', count: '1', uploaded_file: new Blob(['x'.repeat(1024 + 20 * 1024)]) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 'error', message: apiMessages.fileTooLarge(1024) });
  });

  it('says which field is wrong: no file, an empty file, text that is no number, a field given twice', async () => {
    const cases: [FormData, string][] = [
      [form({ cmd: 'put_file', count: '1' }), 'uploaded_file: No file given'],
      [form({ cmd: 'put_file', count: '1', uploaded_file: new Blob([]) }), 'uploaded_file: The file is empty'],
      [form({ cmd: 'put_file', count: '1', uploaded_file: 'not a file' }), 'uploaded_file: Expected a file'],
      [form({ cmd: 'put_file', count: 'twelve', uploaded_file: new Blob(['x']) }), 'count: Expected a whole number'],
      [form({ cmd: 'put_file', count: '0', uploaded_file: new Blob(['x']) }), 'count: Expected a positive whole number'],
      [form({ cmd: 'put_file', count: '1', shared: 'maybe', uploaded_file: new Blob(['x']) }), 'shared: Expected true or false'],
      [form({ cmd: 'put_file', count: '1', extra: 'x', uploaded_file: new Blob(['x']) }), apiMessages.unknownParam(['extra'])],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', message });
    }
    const twice = form({ cmd: 'put_file', count: '1', uploaded_file: new Blob(['x']) });
    twice.append('count', '2');
    expect(await (await send(twice)).json()).toEqual({ status: 'error', message: apiMessages.repeatedField('count') });
  });

  it('refuses JSON for an upload cmd and a form for a JSON cmd', async () => {
    const json = await send(JSON.stringify({ cmd: 'put_file', count: 1 }), { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ status: 'error', message: apiMessages.multipartRequired });
    const multipart = await send(form({ cmd: 'ping' }));
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toEqual({ status: 'error', message: apiMessages.jsonRequired });
  });

  it('keeps the JSON limit for JSON bodies, and refuses an unreadable form', async () => {
    const big = await send(JSON.stringify({ cmd: 'ping', padding: 'x'.repeat(MAX_JSON_BODY_BYTES) }), { 'content-type': 'application/json' });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(apiMessages.bodyTooLarge);
    const broken = await send('--b\r\nno headers', { 'content-type': 'multipart/form-data; boundary=b' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe(apiMessages.invalidMultipart);
  });
});

describe('createEndpointApp with an audited cmd', () => {
  const seen: Record<string, boolean | undefined> = {};
  const audited = defineEndpoint({
    path: 'audited',
    cmds: {
      change_thing: cmd('public', () => ({}), () => z.object({ ok: z.boolean() }), { audit: true }),
      change_sometimes: cmd('public', () => ({}), () => z.object({ ok: z.boolean() }), { audit: 'some' }),
      read_thing: cmd('public', () => ({}), () => z.object({ ok: z.boolean() }), { reads: true }),
    },
  });
  const app = endpointApp(audited, {
    change_thing: async () => ((seen.change_thing = currentCall()?.audited), { ok: true }),
    change_sometimes: async () => ((seen.change_sometimes = currentCall()?.audited), { ok: true }),
    read_thing: async () => ((seen.read_thing = currentCall()?.audited), { ok: true }),
  });
  const send = (cmdName: string) =>
    runAs(runtime, () =>
      app.request('/api/audited', { method: 'POST', body: JSON.stringify({ cmd: cmdName, version: API_VERSION, client: 'web' }), headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }),
    );

  it('runs only a cmd whose every call is audited as an audited call, which the write path then holds to its entry', async () => {
    for (const name of ['change_thing', 'change_sometimes', 'read_thing']) expect((await send(name)).status).toBe(200);
    expect(seen).toEqual({ change_thing: true, change_sometimes: undefined, read_thing: undefined });
  });
});
