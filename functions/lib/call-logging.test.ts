import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../../shared/contract/define';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import type { CmdDefinition, EndpointContract } from '../../shared/contract/define';
import type { Viewer } from './caller';
import { createEndpointApp, type EndpointHandlers, type EndpointSteps } from './endpoint-app';
import { currentCall } from './call-context';
import { logger } from './logger';
import { runAs } from './runtime-env';

/** The pipeline without the domains' steps: these calls are public, or stopped before the caller's user. */
const unitSteps: EndpointSteps<Viewer> = {
  isRevoked: async () => false,
  viewerOf: async (caller) => ({ userId: 1, isAdmin: caller.isAdmin, caller }),
};
const endpointApp = <C extends EndpointContract<string, Record<string, CmdDefinition>>>(contract: C, handlers: EndpointHandlers<C>) => createEndpointApp(contract, handlers, unitSteps);


/** The JSON lines Powertools wrote (info to stdout, warnings and errors to stderr) while `work` ran. */
async function logLines(work: () => unknown): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  const streams = [vi.spyOn(process.stdout, 'write').mockImplementation(capture), vi.spyOn(process.stderr, 'write').mockImplementation(capture)];
  try {
    await work();
  } finally {
    streams.forEach((stream) => stream.mockRestore());
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const SECRET = 'from-cloudfront';
const probe = defineEndpoint({
  path: 'probe',
  cmds: {
    note: cmd('public', () => ({ text: z.string() }), () => z.object({})),
    other: cmd('public', () => ({}), () => z.object({})),
    stalled: cmd('public', () => ({}), () => z.object({})),
    audited: cmd('public', () => ({}), () => z.object({ audited: z.boolean() }), { audit: true }),
  },
});
/** Each cmd logs a line from inside its handler, after an await, as real handlers do. */
const app = endpointApp(probe, {
  note: async ({ text }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info('handler line', { text });
    return {};
  },
  other: async () => {
    logger.warn('other line');
    return {};
  },
  stalled: async () => {
    throw Object.assign(new Error('no answer'), { name: 'TimeoutError' });
  },
  audited: async () => ({ audited: currentCall()?.audited === true }),
});
const runtimeOf = (name: string) => ({ name, needs: {}, env: { AWS_REGION: 'us-east-1', ORIGIN_VERIFY_SECRET: SECRET } });
const post = (unit: string, body: Record<string, unknown>) =>
  runAs(runtimeOf(unit), () =>
    app.request('/api/probe', { method: 'POST', body: JSON.stringify(body), headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }),
  );

describe('log lines of a call', () => {
  afterEach(() => vi.restoreAllMocks());

  it("carry the unit's service name, the call's endpoint, cmd and request id", async () => {
    const lines = await logLines(() => post('lic', { cmd: 'note', text: 'hello' }));
    const line = lines.find((entry) => entry.message === 'handler line');
    expect(line).toMatchObject({ service: 'lic', endpoint: 'probe', cmd: 'note', text: 'hello', level: 'INFO' });
    expect(line?.request_id).toEqual(expect.any(String));
  });

  it("include the dispatcher's own line about a failed call", async () => {
    let status = 0;
    const lines = await logLines(async () => void (status = (await post('user', { cmd: 'stalled' })).status));
    expect(status).toBe(503);
    expect(lines.find((entry) => entry.message === 'A service the API depends on did not answer')).toMatchObject({
      service: 'user',
      endpoint: 'probe',
      cmd: 'stalled',
      level: 'WARN',
    });
  });

  it('keep concurrent calls apart, and the keys end with the call', async () => {
    const lines = await logLines(async () => {
      await Promise.all([post('user', { cmd: 'note', text: 'a' }), post('product', { cmd: 'other' }), post('user', { cmd: 'note', text: 'b' })]);
      logger.info('after the calls');
    });
    const byText = (text: string) => lines.find((entry) => entry.text === text);
    expect(byText('a')).toMatchObject({ service: 'user', cmd: 'note' });
    expect(byText('b')).toMatchObject({ service: 'user', cmd: 'note' });
    expect(byText('a')?.request_id).not.toBe(byText('b')?.request_id);
    expect(lines.find((entry) => entry.message === 'other line')).toMatchObject({ service: 'product', cmd: 'other', endpoint: 'probe' });
    const after = lines.find((entry) => entry.message === 'after the calls');
    expect(after).toBeDefined();
    expect(after).not.toHaveProperty('cmd');
    expect(after).not.toHaveProperty('endpoint');
  });
});

describe('the audit step', () => {
  it('runs a cmd its contract declares audited as an audited call, and no other', async () => {
    expect(await (await post('user', { cmd: 'audited' })).json()).toEqual({ status: 'ok', data: { audited: true } });
    const other = endpointApp(defineEndpoint({ path: 'probe', cmds: { audited: cmd('public', () => ({}), () => z.object({ audited: z.boolean() })) } }), {
      audited: async () => ({ audited: currentCall()?.audited === true }),
    });
    const answer = await runAs(runtimeOf('user'), () =>
      other.request('/api/probe', { method: 'POST', body: JSON.stringify({ cmd: 'audited' }), headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }),
    );
    expect(await answer.json()).toEqual({ status: 'ok', data: { audited: false } });
  });
});
