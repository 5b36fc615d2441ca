import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../../functions/lib/files/signed-links';
import type { WebConfig } from '../../shared/web-config';
import type { BucketRole } from '../../infra/definitions';
import { ensureBuckets } from './bootstrap';
import { createEdgeClock } from './edge-clock';
import { S3RVER_CREDENTIALS, startS3, type RunningEmulator } from './emulators';
import { freePort } from './net';
import { createLocalApp, HASHED_ASSET_CACHE } from './server';
import { TENANT_COOKIE, TENANT_HEADER } from './tenant-names';

/**
 * The local CloudFront stand-in over a real s3rver (no API units): the headers it answers files with, as
 * the distribution's response headers policy sets them on every behaviour.
 */
const dir = mkdtempSync(join(tmpdir(), 'local-edge-'));
const secret = 'link-signing-secret';
let s3rver: RunningEmulator;
let s3: S3Client;
let names: Record<BucketRole, string>;
let app: ReturnType<typeof createLocalApp>;

beforeAll(async () => {
  s3rver = await startS3(await freePort(), join(dir, 's3'));
  s3 = new S3Client({ region: 'us-east-1', endpoint: s3rver.url, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  names = await ensureBuckets(s3);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'export {};');
  app = createLocalApp({
    webDir: dir,
    webConfig: { region: 'us-east-1', apiBase: '/api' } as WebConfig,
    endpoints: [],
    originVerifySecret: 'origin-secret',
    s3,
    buckets: names,
    linkSigningSecret: secret,
    edgeClock: createEdgeClock(),
    mailboxFile: join(dir, 'mailbox.jsonl'),
  });
});
afterAll(async () => {
  await s3rver?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Markup a browser that sniffed would run as a page, stored as plain text. */
const put = (role: BucketRole, key: string) =>
  s3.send(new PutObjectCommand({ Bucket: names[role], Key: key, Body: '<html><script>alert(1)</script></html>', ContentType: 'text/plain' }));

describe('the local edge’s file paths', () => {
  it('answer a file of a bucket served at its path with nosniff, as CloudFront does', async () => {
    await put('data', 'probe.txt');
    const file = await app.request('/data/probe.txt');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('/downloads/missing.zip')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answer a signed link’s file, and the refusal of a link without a signature, with nosniff', async () => {
    await put('exports', 'probe.csv');
    const link = signLink('/umdata', 'probe.csv', Math.floor(Date.now() / 1000) + 60, secret);
    const file = await app.request(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await app.request('/umdata/probe.csv');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answer the refusal of a path with an encoded traversal with nosniff too', async () => {
    const refused = await app.request('/data/%252e%252e/probe.txt');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serve a request that names a test tenant as any other: only a test stack made with tenants reads the name', async () => {
    await put('data', 'tenant-probe.txt');
    const named = { headers: { [TENANT_HEADER]: 'elsewhere', cookie: `${TENANT_COOKIE}=elsewhere` } };
    expect((await app.request('/data/tenant-probe.txt', named)).status).toBe(200);
    const local = { host: '127.0.0.1:5173' };
    const making = await app.request('http://127.0.0.1:5173/local/tenants/elsewhere', { method: 'POST', headers: { ...named.headers, ...local } });
    expect(making.status).toBe(404);
  });

  it('answer the SPA and its settings with nosniff too', async () => {
    for (const path of ['/', '/licenses', '/config.json']) {
      expect((await app.request(path)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('let a browser keep the SPA’s hashed assets and ask for its entry files again, as the deployment sets them', async () => {
    expect((await app.request('/assets/index-Ab12Cd34.js')).headers.get('cache-control')).toBe(HASHED_ASSET_CACHE);
    expect((await app.request('/index.html')).headers.get('cache-control')).toBe('no-cache');
    expect(readFileSync(new URL('../../infra/constructs/web.ts', import.meta.url), 'utf8')).toContain(`'${HASHED_ASSET_CACHE}'`);
  });
});
