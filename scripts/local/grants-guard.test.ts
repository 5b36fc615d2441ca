import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { jobs, endpointNeeds, endpoints, type FunctionNeeds } from '../../functions/registry';
import { runAs } from '../../functions/lib/runtime-env';
import { guardClient } from './grants-guard';

/**
 * The local IAM stand-in on an S3 client: a call passes only on a bucket the unit's registry files
 * declare, with an action its operations give. A passing call goes on to the network, which here is a
 * closed port: it fails there, not with AccessDenied.
 */
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
  forcePathStyle: true,
  maxAttempts: 1,
  credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
});
guardClient(client, 's3');
const env = { EXPORTS_BUCKET: 'portal-exports', IV_CURVES_BUCKET: 'portal-ivcurves' };
const as = (name: string, needs: FunctionNeeds, work: () => Promise<unknown>) => runAs({ name, needs, env }, work);
const denied = (work: Promise<unknown>) => expect(work).rejects.toMatchObject({ name: 'AccessDenied' });
const passed = (work: Promise<unknown>) => expect(work).rejects.not.toMatchObject({ name: 'AccessDenied' });

describe('the local grants guard on S3', () => {
  const lic = endpointNeeds(endpoints.lic);
  const deletion = jobs['delete-accounts'].needs;

  it('lets a unit do what its files declare on that bucket', async () => {
    await passed(as('lic', lic, () => client.send(new PutObjectCommand({ Bucket: 'portal-exports', Key: 'a.csv', Body: 'x' }))));
  });

  it('refuses an action its operations do not give (lic writes exports, never reads them back)', async () => {
    await denied(as('lic', lic, () => client.send(new GetObjectCommand({ Bucket: 'portal-exports', Key: 'a.csv' }))));
    await denied(as('delete-accounts', deletion, () => client.send(new GetObjectCommand({ Bucket: 'portal-ivcurves', Key: 'k' }))));
  });

  it('refuses a bucket its files do not name', async () => {
    await denied(as('lic', lic, () => client.send(new PutObjectCommand({ Bucket: 'portal-ivcurves', Key: 'k', Body: 'x' }))));
    await denied(as('sso', endpointNeeds(endpoints.sso), () => client.send(new PutObjectCommand({ Bucket: 'portal-exports', Key: 'a.csv', Body: 'x' }))));
  });
});
