import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointNeeds, type EndpointUnit } from '../../functions/registry';
import { ENV } from '../../shared/runtime';
import { WITHOUT_BUNDLING, asList, logicalIdOf, ref, resourcesOfType, synthPortal, type SynthesizedPortal } from './synth';
import { deployedUnits, expectWiredExactly, secretOf, statementsOf, variablesOf } from './units';

/**
 * An endpoint that needs little (it reads one item, no Cognito action, no secret, no mail), deployed
 * alone under a nested path, to prove what the stack gives a later endpoint: its own needs plus the
 * session check's, nothing from the other endpoints, and a synth that still passes cdk-nag. It reuses
 * the `user` entry (the registry name is what locates `functions/{name}/index.ts`).
 */
const probe: EndpointUnit = {
  construct: 'Probe',
  path: 'probe/2',
  needs: { table: ['GetItem'] },
  throttle: { rate: 5, burst: 10 },
};

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = synthPortal({ endpoints: { user: probe }, context: WITHOUT_BUNDLING });
});
afterAll(() => portal?.cleanup());

describe('an endpoint deployed with only its own needs', () => {
  const fn = () => portal.stack.api.functions.user!;

  it('is routed at POST /api/{path}, slashes included, with its own throttle', () => {
    portal.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/probe/2' });
    portal.template.resourceCountIs('AWS::ApiGatewayV2::Route', 1);
    const stages = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const stage = stages[0]![1];
    expect(Object.keys(stage.Properties!.RouteSettings as object)).toEqual(['POST /api/probe/2']);
    // The values come from the unit's throttle; their exact CloudFormation shape is asserted in portal-stack.test.ts.
    expect(JSON.stringify(stage.Properties!.RouteSettings)).toMatch(/"[Tt]hrottlingRateLimit":5\b/);
    expect(JSON.stringify(stage.Properties!.RouteSettings)).toMatch(/"[Tt]hrottlingBurstLimit":10\b/);
  });

  it('is the only API function, under its construct id', () => {
    expect(Object.keys(portal.stack.api.functions)).toEqual(['user']);
    expect(fn().node.id).toBe('Probe');
  });

  it('gets its needs with the session check and nothing more', () => {
    const [unit] = deployedUnits(portal.stack, { user: probe });
    expect(unit!.label).toBe('endpoint user');
    expectWiredExactly(portal, unit!);
    const actions = statementsOf(portal, fn()).flatMap((s) => asList(s.Action));
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
    ]);
    expect(endpointNeeds(probe).secrets).toEqual(['originVerify']);
  });

  it('reads the table without write actions when its needs have none', () => {
    const actions = statementsOf(portal, fn()).flatMap((s) => asList(s.Action));
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|ConditionCheck)/.test(a))).toEqual([]);
  });

  it('gets the origin secret, and the stack creates no secret nobody needs (the edge checks signed links with its own)', () => {
    const secretIds = resourcesOfType(portal.json.Resources, 'AWS::SecretsManager::Secret').map(([id]) => id);
    expect(secretIds.sort()).toEqual(
      [logicalIdOf(portal.stack, secretOf(portal.stack, 'originVerify')), logicalIdOf(portal.stack, secretOf(portal.stack, 'linkSigning'))].sort(),
    );
    expect(variablesOf(portal, fn())).not.toHaveProperty('LINK_SIGNING_SECRET_SECRET_ID');
    expect(portal.stack.secrets.all.sso).toBeUndefined();
    expect(portal.template.findOutputs('SsoSecretArn')).toEqual({});
    expect(variablesOf(portal, fn())).toMatchObject({
      ORIGIN_VERIFY_SECRET_SECRET_ID: ref(logicalIdOf(portal.stack, secretOf(portal.stack, 'originVerify'))),
      [ENV.tableName]: ref(logicalIdOf(portal.stack, portal.stack.data.table)),
    });
    expect(variablesOf(portal, fn())).not.toHaveProperty('SSO_SECRET_SECRET_ID');
  });
});
