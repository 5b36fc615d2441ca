import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SALES_CATALOGUE } from '../../../shared/commerce/catalogue';
import { createCheckoutSandbox, sandboxPrices } from './sandbox';

describe('the checkout sandbox catalogue', () => {
  it('prices every product of the sales catalogue, and nothing else', () => {
    const { prices, taxRate } = sandboxPrices();
    expect(Object.keys(prices).sort()).toEqual(SALES_CATALOGUE.map((item) => item.path).sort());
    for (const price of Object.values(prices)) expect(price).toBeGreaterThan(0);
    expect(taxRate).toBeGreaterThanOrEqual(0);
  });
});

describe('the checkout sandbox under concurrent calls', () => {
  it('keeps an order placed while another order is still being delivered', async () => {
    // The portal stand-in: holds the first delivery until told, answers the others at once.
    const delivered: { events: { type: string; data: { id?: string } }[] }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const portal = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        delivered.push(JSON.parse(body) as (typeof delivered)[number]);
        void (delivered.length === 1 ? held : Promise.resolve()).then(() => response.writeHead(200).end('{}'));
      });
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    const { port } = portal.address() as AddressInfo;
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
    const apiCredentials = 'user:secret';
    const sandbox = createCheckoutSandbox({ portalUrl: () => `http://127.0.0.1:${port}`, webhookSecret: 'hook', apiCredentials, dataDir });
    const order = (email: string) =>
      sandbox.request('/local/checkout/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ path: 'pro-yearly', quantity: 1 }], contact: { email, firstName: 'A', lastName: 'B' }, tags: {} }),
      });
    try {
      const first = order('first@example.com');
      await vi.waitFor(() => expect(delivered).toHaveLength(1));
      expect((await order('second@example.com')).status).toBe(200);
      release();
      expect((await first).status).toBe(200);

      // Both orders' subscriptions are there: the provider's API cancels each.
      const subscriptionIds = delivered.flatMap((delivery) => delivery.events.filter((e) => e.type === 'subscription.activated').map((e) => e.data.id!));
      expect(subscriptionIds).toHaveLength(2);
      for (const id of subscriptionIds) {
        const canceled = await sandbox.request(`/local/checkout/api/subscriptions/${id}`, {
          method: 'DELETE',
          headers: { authorization: `Basic ${Buffer.from(apiCredentials).toString('base64')}` },
        });
        expect(((await canceled.json()) as { subscriptions: { result: string }[] }).subscriptions[0]!.result).toBe('success');
      }
    } finally {
      release();
      portal.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A sandbox whose portal stand-in answers every delivery with `status`; `run` gets the sandbox. */
async function withSandbox(status: number, run: (sandbox: ReturnType<typeof createCheckoutSandbox>) => Promise<void>) {
  const portal = createServer((request, response) => {
    request.resume().on('end', () => response.writeHead(status, { 'content-type': 'text/plain' }).end(''));
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  const { port } = portal.address() as AddressInfo;
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  try {
    await run(createCheckoutSandbox({ portalUrl: () => `http://127.0.0.1:${port}`, webhookSecret: 'hook', apiCredentials: 'user:secret', dataDir }));
  } finally {
    portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const placeOrder = (sandbox: ReturnType<typeof createCheckoutSandbox>) =>
  sandbox.request('/local/checkout/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ path: 'pro-yearly', quantity: 1 }], contact: { email: 'buyer@example.com', firstName: 'A', lastName: 'B' }, tags: {} }),
  });

describe("the checkout sandbox's deliveries", () => {
  it('takes any 2xx answer of the portal as delivered, as the provider does (a 202 names the events it took)', async () => {
    await withSandbox(202, async (sandbox) => {
      const order = await placeOrder(sandbox);
      expect(order.status).toBe(200);
      expect(await order.json()).toMatchObject({ reference: expect.stringMatching(/^SBX/) });
    });
  });

  it('still reports a portal that did not take the delivery', async () => {
    await withSandbox(500, async (sandbox) => {
      const order = await placeOrder(sandbox);
      expect(order.status).toBe(502);
      expect(((await order.json()) as { message: string }).message).toMatch(/^The portal did not take the order's webhooks \(500/);
    });
  });
});

describe("the checkout sandbox's account page", () => {
  it('shows markup in the address as text, never as markup', async () => {
    await withSandbox(200, async (sandbox) => {
      const page = await sandbox.request(`/local/checkout/account/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).not.toContain('<img');
      expect(text).toContain('Sandbox account &lt;img src=x onerror=alert(1)&gt;');
    });
  });
});
