import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, type ApiEndpointDefinition } from '../../infra/definitions';
import { logicalIdOf, synthPortal, type SynthesizedPortal } from './synth';

/**
 * An endpoint definition with bucket grants, to prove what a later endpoint (exports, attachments) will
 * get: object-level access in the named buckets only, and a synth that still passes cdk-nag.
 */
const probe: ApiEndpointDefinition = {
  id: 'Probe',
  path: 'probe/2',
  entry: apiEndpoints[0].entry,
  grants: {
    table: 'read',
    buckets: [
      { role: 'exports', access: 'readWrite' },
      { role: 'data', access: 'read' },
    ],
  },
};

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = synthPortal({ endpoints: [...apiEndpoints, probe] });
});
afterAll(() => portal?.cleanup());

type Statement = { Action: string | string[]; Resource: unknown };
const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

function statements(): Statement[] {
  const roleId = logicalIdOf(portal.stack, portal.stack.api.functions.Probe!.role);
  return Object.values(portal.json.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties!.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((r) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

describe('an endpoint with bucket grants', () => {
  const bucketArn = (role: 'exports' | 'data') => ({
    'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.files.buckets[role]), 'Arn'],
  });
  const objectsOf = (role: 'exports' | 'data') => ({ 'Fn::Join': ['', [bucketArn(role), '/*']] });

  it('is routed at POST /api/{path}, slashes included', () => {
    portal.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/probe/2' });
  });

  it('may write objects only where its definition says readWrite', () => {
    const s3 = statements().filter((s) => asList(s.Action).some((a) => a.startsWith('s3:')));
    const objectStatements = s3.filter((s) => !asList(s.Action).includes('s3:ListBucket'));
    expect(objectStatements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], Resource: objectsOf('exports') }),
        expect.objectContaining({ Action: 's3:GetObject', Resource: objectsOf('data') }),
      ]),
    );
    expect(objectStatements).toHaveLength(2);
    const listing = s3.filter((s) => asList(s.Action).includes('s3:ListBucket'));
    expect(listing.flatMap((s) => asList(s.Resource))).toEqual(expect.arrayContaining([bucketArn('exports'), bucketArn('data')]));
    expect(JSON.stringify(s3)).not.toContain(logicalIdOf(portal.stack, portal.stack.files.buckets.attachments));
  });

  it('reads the table without write actions when its definition says read', () => {
    const actions = statements().flatMap((s) => asList(s.Action));
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
  });
});
