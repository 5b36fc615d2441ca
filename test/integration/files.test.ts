import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { presignedUpload, type UploadConditions } from '../../functions/lib/files/presigned-upload';
import { presignedDownload } from '../../functions/lib/files/presigned-download';
import { putFile } from '../../functions/lib/files/files';
import { buckets } from '../../functions/lib/files/buckets';
import { runAs } from '../../functions/lib/runtime-env';
import { createAdminUser, stackContext } from '../support/api';
import { licCall as lic } from '../support/licenses';

/**
 * Files over the wire against the local stack (decision 026): a CSV export's signed link works for its
 * time_alive and is refused from then on (the local edge's clock moved on, no waiting), and presigned
 * uploads straight into a bucket are held to their policy's size, type and expiry as S3 holds them.
 */
const { baseUrl, localStack } = stackContext();

const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: localStack.endpoints.s3,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

/** Moves the clock the local edge checks links by (a test stack's local-only control). */
async function edgeClockAhead(seconds: number): Promise<void> {
  const answer = await fetch(`${baseUrl}/local/edge-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_seconds: seconds }),
  });
  expect(answer.status).toBe(200);
}
afterEach(() => edgeClockAhead(0));

describe('a CSV export', () => {
  it('is served at /umdata/{filename} for time_alive seconds, and refused from then on', async () => {
    const admin = await createAdminUser();
    const answer = await lic(admin.accessToken, 'get_license_users', { order_by: 'id' });
    expect(answer.status).toBe(200);
    const { filename, time_alive } = answer.body.data as { filename: string; time_alive: number };
    expect(time_alive).toBe(600);
    // The name stays unguessable; what follows it is the link's expiry and signature.
    expect(filename).toMatch(/^[0-9a-f-]{36}\.csv\?expires=\d+&signature=[0-9a-f]{64}$/);
    const expires = Number(/expires=(\d+)/.exec(filename)![1]);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(time_alive);
    expect(expires - Date.now() / 1000).toBeGreaterThan(time_alive - 60);

    const now = await fetch(`${baseUrl}/umdata/${filename}`);
    expect(now.status).toBe(200);
    expect(now.headers.get('content-type')).toContain('text/csv');
    expect((await now.text()).split('\n')[0]).toMatch(/^Id,Created,User id,User/);

    // A second before the expiry the edge still serves it …
    await edgeClockAhead(expires - Math.ceil(Date.now() / 1000) - 1);
    expect((await fetch(`${baseUrl}/umdata/${filename}`)).status).toBe(200);
    // … and from the expiry on, never again, though the object is still in the bucket (its lifecycle removes it a day later).
    await edgeClockAhead(expires - Math.floor(Date.now() / 1000));
    const expired = await fetch(`${baseUrl}/umdata/${filename}`);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe('This link has expired or is not valid.');
    await edgeClockAhead(86_400);
    expect((await fetch(`${baseUrl}/umdata/${filename}`)).status).toBe(403);
    const key = filename.split('?')[0]!;
    await expect(s3.send(new HeadObjectCommand({ Bucket: localStack.resources.buckets.exports!, Key: key }))).resolves.toBeDefined();
  });

  it('is refused with its name alone, a later expiry or another signature', async () => {
    const admin = await createAdminUser();
    const { filename } = (await lic(admin.accessToken, 'get_license_users', {})).body.data as { filename: string };
    const [name, query] = filename.split('?') as [string, string];
    const expires = Number(new URLSearchParams(query).get('expires'));
    for (const tampered of [
      name,
      filename.replace(`expires=${expires}`, `expires=${expires + 3600}`),
      filename.replace(/signature=[0-9a-f]/, (match) => `${match.slice(0, -1)}${match.endsWith('0') ? '1' : '0'}`),
      `${name}?expires=${expires}`,
    ]) {
      expect((await fetch(`${baseUrl}/umdata/${tampered}`)).status, tampered).toBe(403);
    }
    expect((await fetch(`${baseUrl}/umdata/${filename}`)).status).toBe(200);
  });
});

describe('a presigned upload', () => {
  const bucket = localStack.resources.buckets.attachments!;
  /** A unit that declares presigned uploads into the attachments bucket, run as the local stack runs units. */
  const uploader = {
    name: 'files-test',
    needs: { files: { attachments: ['sign-put'] } } as const,
    env: {
      ...Object.fromEntries(Object.entries(localStack.functionEnv).filter(([name]) => name.startsWith('AWS_'))),
      [buckets.attachments.env]: bucket,
    },
  };
  const conditions: UploadConditions = { maxBytes: 1024, contentType: 'image/png', expiresInSeconds: 300 };
  let count = 0;
  const newKey = () => `files-test/${Date.now().toString(36)}-${++count}/photo.png`;
  const presign = (key: string, now?: Date) => {
    for (const [name, value] of Object.entries(uploader.env)) if (name.startsWith('AWS_')) process.env[name] = value;
    return runAs(uploader, () => presignedUpload('attachments', key, conditions, now));
  };
  /** POSTs the form as a browser would: the signed fields, then the file. */
  async function post(upload: Awaited<ReturnType<typeof presign>>, bytes: number, type = conditions.contentType, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...upload.fields, ...fields })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes).fill(7)], { type }), 'photo.png');
    const answer = await fetch(upload.url, { method: 'POST', body: form });
    return { status: answer.status, text: await answer.text() };
  }
  const stored = async (key: string) => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: (await object.Body!.transformToByteArray()).length, type: object.ContentType };
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  };

  it('stores a file within the size and of the signed type under the signed key', async () => {
    const key = newKey();
    const upload = await presign(key);
    expect(upload.url).toBe(`${localStack.endpoints.s3}/${bucket}`);
    expect(upload.fields.key).toBe(key);
    const answer = await post(upload, 1024);
    expect(answer.status, answer.text).toBe(204);
    expect(await stored(key)).toEqual({ bytes: 1024, type: 'image/png' });
  });

  it('refuses a file over the size, storing nothing', async () => {
    const key = newKey();
    const answer = await post(await presign(key), 1025);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<Code>EntityTooLarge</Code>');
    expect(await stored(key)).toBeNull();
  });

  it('refuses an empty file, storing nothing', async () => {
    const key = newKey();
    const answer = await post(await presign(key), 0);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<Code>EntityTooSmall</Code>');
    expect(await stored(key)).toBeNull();
  });

  it('refuses another content type than the signed one, storing nothing', async () => {
    const key = newKey();
    const answer = await post(await presign(key), 10, 'text/html', { 'Content-Type': 'text/html' });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Code>AccessDenied</Code>');
    expect(await stored(key)).toBeNull();
  });

  it('refuses an expired policy, storing nothing', async () => {
    const key = newKey();
    const answer = await post(await presign(key, new Date(Date.now() - 301_000)), 10);
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Policy expired');
    expect(await stored(key)).toBeNull();
  });

  it('refuses another key, a field the policy does not name, and a policy changed after signing, storing nothing', async () => {
    const key = newKey();
    const upload = await presign(key);
    const other = newKey();
    expect((await post(upload, 10, conditions.contentType, { key: other })).status).toBe(403);
    expect((await post(upload, 10, conditions.contentType, { acl: 'public-read' })).status).toBe(403);
    const document = JSON.parse(Buffer.from(upload.fields.policy!, 'base64').toString()) as { conditions: unknown[] };
    const widened = { ...document, conditions: document.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? [c[0], 1, 1e9] : c)) };
    const forged = await post(upload, 2048, conditions.contentType, { policy: Buffer.from(JSON.stringify(widened)).toString('base64') });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('SignatureDoesNotMatch');
    expect(await stored(key)).toBeNull();
    expect(await stored(other)).toBeNull();
  });
});

describe('a presigned download of a private bucket\'s object', () => {
  const bucket = localStack.resources.buckets.ivcurves!;
  const reader = {
    name: 'files-test-reader',
    needs: { files: { ivcurves: ['put', 'sign-get'] } } as const,
    env: {
      ...Object.fromEntries(Object.entries(localStack.functionEnv).filter(([name]) => name.startsWith('AWS_'))),
      [buckets.ivcurves.env]: bucket,
    },
  };
  const asReader = <T>(work: () => Promise<T>) => {
    for (const [name, value] of Object.entries(reader.env)) if (name.startsWith('AWS_')) process.env[name] = value;
    return runAs(reader, work);
  };

  it('reads the object under the name given until its expiry, and is refused after', async () => {
    const key = `files-test/${Date.now().toString(36)}/curve.csv`;
    await asReader(() => putFile('ivcurves', key, 'voltage,current\n0,1\n', { contentType: 'text/csv; charset=utf-8' }));
    const url = await asReader(() => presignedDownload('ivcurves', key, 60, '7-v1.csv'));
    expect(url.startsWith(`${localStack.endpoints.s3}/${bucket}/files-test/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="7-v1.csv"');
    expect(await file.text()).toBe('voltage,current\n0,1\n');
    const expired = await asReader(() => presignedDownload('ivcurves', key, 60, undefined, new Date(Date.now() - 61_000)));
    expect((await fetch(expired)).status).toBe(403);
  });
});
