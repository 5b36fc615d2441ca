import { describe, expect, it } from 'vitest';
import { createInvokeApp } from './server';

/** The Lambda Invoke stand-in, as cognito-local calls it on 127.0.0.1:9001. */
const invoke = createInvokeApp({ echo: async (event) => event });
const call = (headers: Record<string, string>) =>
  invoke.request('http://127.0.0.1:9001/2015-03-31/functions/echo/invocations', {
    method: 'POST',
    headers: { host: '127.0.0.1:9001', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ping: 1 }),
  });

describe('local developer endpoints answer this machine only', () => {
  it('runs a trigger for a call from this machine', async () => {
    const response = await call({});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ping: 1 });
    expect((await call({ host: 'localhost:9001', origin: 'http://localhost:9001', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and the same address on another port', async () => {
    expect((await call({ host: 'attacker.example:9001' })).status).toBe(403);
    expect((await call({ host: '127.0.0.1:8080' })).status).toBe(403);
  });

  it('refuses what another web site makes the browser send', async () => {
    expect((await call({ origin: 'https://attacker.example' })).status).toBe(403);
    expect((await call({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await call({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });
});
