import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/runtime';
import { asList, logicalIdOf, resourcesOfType, sharedPortal, type SynthesizedPortal } from './synth';
import { deployedUnits, portalUrlParameterArnIn, statementsOf, variablesOf } from './units';

type Resources = SynthesizedPortal['json']['Resources'];

/** The resources a template value refers to: Ref, Fn::GetAtt and ${…} in Fn::Sub (pseudo parameters are no resources). */
function referencesIn(value: unknown, resources: Resources, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, resources, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && inner in resources) found.add(inner);
      else if (key === 'Fn::GetAtt') found.add(String(asList(inner as string | string[])[0]).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text = String(asList(inner as string | unknown[])[0]);
        for (const [, name] of text.matchAll(/\$\{([^}!.]+)[^}]*\}/g)) if (name! in resources) found.add(name!);
        referencesIn(inner, resources, found);
      } else referencesIn(inner, resources, found);
    }
  }
  return found;
}

/** A chain of resources that depend on each other in a circle (CloudFormation refuses to deploy one), or none. */
function dependencyCycle(resources: Resources): string[] | undefined {
  const edges = new Map(
    Object.entries(resources).map(([id, resource]) => {
      const dependsOn = asList((resource as { DependsOn?: string | string[] }).DependsOn ?? []);
      return [id, new Set([...referencesIn(resource.Properties, resources), ...dependsOn])];
    }),
  );
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = sharedPortal();
});

describe("the portal's address for links in mail", () => {
  const parameterName = () => `/${portal.stack.stackName}/portal-url`;

  it("is written to a String parameter of a fixed name: https:// and the distribution's domain", () => {
    const parameters = resourcesOfType(portal.json.Resources, 'AWS::SSM::Parameter');
    expect(parameters).toHaveLength(1);
    const distribution = logicalIdOf(portal.stack, portal.stack.web.distribution);
    expect(parameters[0]![1].Properties).toMatchObject({
      Name: parameterName(),
      Type: 'String',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] },
    });
  });

  it("is given to every mail sender as the parameter's name, with the right to read that parameter only; to no other function", () => {
    const units = deployedUnits(portal.stack);
    const senders = units.filter((unit) => unit.ownNeeds.mail);
    expect(senders.map((unit) => unit.label)).toContain('endpoint case');
    for (const { fn, label } of senders) {
      expect(variablesOf(portal, fn), label).toMatchObject({ [ENV.portalUrlParameter]: parameterName() });
      expect(variablesOf(portal, fn), label).not.toHaveProperty(ENV.portalUrl);
      const ssm = statementsOf(portal, fn).filter((s) => asList(s.Action).some((a) => a.startsWith('ssm:')));
      expect(ssm, label).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'ssm:GetParameter', Resource: portalUrlParameterArnIn(portal.stack) })]);
    }
    for (const { fn, label } of units.filter((unit) => !unit.ownNeeds.mail)) {
      expect(variablesOf(portal, fn), label).not.toHaveProperty(ENV.portalUrlParameter);
      expect(JSON.stringify(statementsOf(portal, fn)), label).not.toContain('ssm:');
    }
  });

  it('leaves the template without a circular dependency (functions name the parameter, not the distribution)', () => {
    expect(dependencyCycle(portal.json.Resources)).toBeUndefined();
  });

  it('finds a circular dependency where there is one (the check itself)', () => {
    const resources = {
      Fn: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { URL: { 'Fn::GetAtt': ['Cdn', 'DomainName'] } } } } },
      Cdn: { Type: 'AWS::CloudFront::Distribution', Properties: { Origin: { Ref: 'Api' } } },
      Api: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { Sub: { 'Fn::Sub': 'arn:${AWS::Partition}:lambda:${Fn.Arn}' } } },
    } as unknown as Resources;
    expect(dependencyCycle(resources)).toEqual(['Fn', 'Cdn', 'Api', 'Fn']);
    delete (resources.Api!.Properties as Record<string, unknown>).Sub;
    expect(dependencyCycle(resources)).toBeUndefined();
  });
});
