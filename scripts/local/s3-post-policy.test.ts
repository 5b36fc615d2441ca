import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignedUpload } from '../../functions/lib/files/presigned-upload';
import { presignedUploadSchema } from '../../shared/files/presigned-upload';
import { runAs } from '../../functions/lib/runtime-env';
import { checkPostPolicy, errorXml, type PostUpload } from './s3-post-policy';

/**
 * The local stand-in's check of a browser upload's POST policy, against policies the files module
 * signs: what S3 would store passes, what S3 would refuse is refused with S3's code.
 */
const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:1' };
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [name, value] of Object.entries(credentials)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const runtime = { name: 'test', needs: { files: { attachments: ['sign-put'] } } as const, env: { ATTACHMENTS_BUCKET: 'portal-attachments' } };
const now = Date.UTC(2026, 10, 25, 12, 0, 0);
const sign = () =>
  runAs(runtime, () => presignedUpload('attachments', '12/7/photo.png', { maxBytes: 1000, contentType: 'image/png', expiresInSeconds: 300 }, new Date(now)));
const secretOf = (id: string) => (id === 'S3RVER' ? 'S3RVER' : undefined);
const check = (upload: Partial<PostUpload> & Pick<PostUpload, 'fields'>, at = now + 1000) =>
  checkPostPolicy({ bucket: 'portal-attachments', fileSize: 500, ...upload }, secretOf, at);

describe('the local check of a presigned upload', () => {
  it('signs a policy with the bucket, the exact key and type, the size range and the expiry', async () => {
    const upload = await sign();
    // What a cmd handing it out declares as its result.
    expect(presignedUploadSchema.parse(upload)).toEqual(upload);
    expect(upload.url).toBe('http://127.0.0.1:1/portal-attachments');
    expect(upload.expires).toBe(new Date(now + 300_000).toISOString());
    const policy = JSON.parse(Buffer.from(upload.fields.policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ bucket: 'portal-attachments' }, { key: '12/7/photo.png' }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, 1000]]),
    );
  });

  it('passes what S3 would store: the signed fields and a file within the range, before the expiry', async () => {
    const { fields } = await sign();
    expect(check({ fields })).toBeNull();
    expect(check({ fields, fileSize: 1000 })).toBeNull();
    expect(check({ fields, fileSize: 1 })).toBeNull();
  });

  it.each([
    ['a file over the range', { fileSize: 1001 }, 400, 'EntityTooLarge'],
    ['an empty file', { fileSize: 0 }, 400, 'EntityTooSmall'],
  ] as const)('refuses %s', async (_case, change, status, code) => {
    const { fields } = await sign();
    expect(check({ fields, ...change })).toMatchObject({ status, code });
  });

  it.each([
    ['another content type', { 'Content-Type': 'text/html' }, 'AccessDenied'],
    ['another key', { key: '12/7/other.png' }, 'AccessDenied'],
    ['a field the policy does not name', { acl: 'public-read' }, 'AccessDenied'],
    ['another signature', { 'x-amz-signature': '0'.repeat(64) }, 'SignatureDoesNotMatch'],
    ['another access key', { 'x-amz-credential': 'OTHER/20261125/us-east-1/s3/aws4_request' }, 'InvalidAccessKeyId'],
    ['no policy', { policy: '' }, 'AccessDenied'],
  ])('refuses %s with 403', async (_case, change, code) => {
    const { fields } = await sign();
    expect(check({ fields: { ...fields, ...change } })).toMatchObject({ status: 403, code });
  });

  it('refuses another bucket', async () => {
    const { fields } = await sign();
    expect(check({ fields, bucket: 'portal-exports' })).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses from the expiry on', async () => {
    const { fields } = await sign();
    expect(check({ fields }, now + 299_999)).toBeNull();
    expect(check({ fields }, now + 300_000)).toMatchObject({ status: 403, message: 'Invalid according to Policy: Policy expired.' });
  });

  it('answers S3\'s error document', () => {
    expect(errorXml({ status: 400, code: 'EntityTooLarge', message: 'a <b>' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>EntityTooLarge</Code><Message>a &#60;b&#62;</Message></Error>',
    );
  });
});
