import { describe, expect, it } from 'vitest';
import { endpointNeeds, endpoints, environmentNames, jobs, triggers, unitSecrets, type FunctionNeeds } from '../../registry';
import { bucketGrants, signsLinks } from './access';
import { bucketNames, buckets } from './buckets';

describe('a unit\'s declared files give it', () => {
  it('each bucket\'s variable and exactly the object actions of its operations, on that bucket only', () => {
    expect(bucketGrants({ ivcurves: ['get', 'put', 'delete'], exports: ['put'] })).toEqual([
      { bucket: 'ivcurves', env: 'IV_CURVES_BUCKET', actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'] },
      { bucket: 'exports', env: 'EXPORTS_BUCKET', actions: ['s3:PutObject'] },
    ]);
  });

  it('PutObject for a presigned upload (S3 stores it with the signer\'s rights), once however many operations need it', () => {
    expect(bucketGrants({ attachments: ['sign-put', 'put'] })).toEqual([{ bucket: 'attachments', env: 'ATTACHMENTS_BUCKET', actions: ['s3:PutObject'] }]);
  });

  it('for a link to a signed bucket no S3 action but the link-signing secret (the edge reads the object); for a private bucket GetObject', () => {
    expect(bucketGrants({ exports: ['sign-get'] })).toEqual([{ bucket: 'exports', env: 'EXPORTS_BUCKET', actions: [] }]);
    expect(signsLinks({ exports: ['sign-get'] })).toBe(true);
    expect(bucketGrants({ ivcurves: ['sign-get'] })).toEqual([{ bucket: 'ivcurves', env: 'IV_CURVES_BUCKET', actions: ['s3:GetObject'] }]);
    expect(signsLinks({ ivcurves: ['sign-get'] })).toBe(false);
    expect(signsLinks({ exports: ['put'] })).toBe(false);
  });

  it('the bucket variables and the secret in its environment, and nothing for a unit without files', () => {
    const needs: FunctionNeeds = { table: ['GetItem'], files: { exports: ['put', 'sign-get'] } };
    expect(environmentNames(needs)).toEqual(['TABLE_NAME', 'LINK_SIGNING_SECRET', 'EXPORTS_BUCKET']);
    expect(unitSecrets(needs)).toEqual(['linkSigning']);
    expect(environmentNames({ table: ['GetItem'] })).toEqual(['TABLE_NAME']);
    expect(bucketGrants(undefined)).toEqual([]);
  });
});

describe('the registry\'s files', () => {
  const units: [string, FunctionNeeds][] = [
    ...Object.entries(endpoints).map(([name, unit]) => [`endpoint ${name}`, endpointNeeds(unit)] as [string, FunctionNeeds]),
    ...Object.entries(triggers).map(([name, unit]) => [`trigger ${name}`, unit.needs as FunctionNeeds] as [string, FunctionNeeds]),
    ...Object.entries(jobs).map(([name, unit]) => [`job ${name}`, unit.needs as FunctionNeeds] as [string, FunctionNeeds]),
  ];

  it('are what today\'s features use: exports written and linked by the list endpoints (users and the audit trail by user), IV curves kept by user and removed by the deletion job, case attachments kept, linked and removed by case (uploaded through staging), list snapshots read by the list endpoints and written by their job, the release list read by the units that count desktop use', () => {
    const declared = Object.fromEntries(units.filter(([, needs]) => needs.files).map(([label, needs]) => [label, needs.files]));
    expect(declared).toEqual({
      'endpoint user': { ivcurves: ['get', 'put', 'delete'], lists: ['get'], exports: ['put', 'sign-get'], data: ['get'] },
      'endpoint lic': { exports: ['put', 'sign-get'], lists: ['get'], data: ['get'] },
      'endpoint product': { exports: ['put', 'sign-get'], lists: ['get'] },
      'endpoint case': { attachments: ['put', 'delete', 'sign-get'], staging: ['sign-put', 'get', 'delete'], lists: ['get'] },
      'endpoint info': { news: ['sign-put'] },
      'job expiry-notices': { lists: ['get'] },
      'job delete-accounts': { ivcurves: ['delete'] },
      'job snapshot-lists': { lists: ['get', 'put'] },
    });
  });

  it('give the link-signing secret exactly to the units that sign export and attachment links', () => {
    expect(units.filter(([, needs]) => unitSecrets(needs).includes('linkSigning')).map(([label]) => label)).toEqual(['endpoint user', 'endpoint lic', 'endpoint product', 'endpoint case']);
  });

  it('name only declared buckets, each with its own variable, served one way each', () => {
    expect(new Set(bucketNames.map((name) => buckets[name].env)).size).toBe(bucketNames.length);
    const paths = bucketNames.flatMap((name) => ('path' in buckets[name].served ? [(buckets[name].served as { path: string }).path] : []));
    expect(paths.sort()).toEqual(['/attachments', '/data', '/downloads', '/news-media', '/umdata']);
    expect(buckets.attachments.served).toEqual({ kind: 'signed', path: '/attachments', link: '/attachments/{caseId}/{attachmentId}/{filename}', byToken: { endpoint: 'case' } });
    expect(buckets.staging.served).toEqual({ kind: 'private' });
    expect(buckets.ivcurves.served).toEqual({ kind: 'private' });
  });
});
