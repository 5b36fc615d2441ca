import { expect } from 'vitest';
import { dataTable } from '../../infra/definitions';
import type { PortalFunction } from '../../infra/portal-function';
import type { PortalStack } from '../../infra/portal-stack';
import {
  endpointNeeds,
  endpoints as registryEndpoints,
  environmentNames,
  jobs,
  secrets,
  triggers,
  unitSecrets,
  type EndpointUnit,
  type FunctionNeeds,
  type SecretName,
} from '../../functions/registry';
import { ENV } from '../../shared/runtime';
import { bucketGrants } from '../../functions/lib/files/access';
import { bucketRoles, buckets } from '../../infra/definitions';
import { arnOf, asList, logicalIdOf, ref, statementsOfRole, type Statement, type SynthesizedPortal } from './synth';

/** One deployable unit of functions/registry.ts as the stack built it. */
export interface DeployedUnit {
  /** e.g. `endpoint user`, `trigger pre-signup`, `job delete-accounts`. */
  label: string;
  kind: 'endpoint' | 'trigger' | 'job';
  name: string;
  /** What the unit is wired from: for an endpoint, its needs with the session check's (endpointNeeds). */
  needs: FunctionNeeds;
  /** The unit's own needs as the registry lists them (what Messaging reads for mail and newsletter). */
  ownNeeds: FunctionNeeds;
  fn: PortalFunction;
}

/** Every unit of the registry (or the given endpoints) with its function in the stack. */
export function deployedUnits(
  stack: PortalStack,
  endpoints: Readonly<Record<string, EndpointUnit>> = registryEndpoints,
): DeployedUnit[] {
  const fnOf = (functions: Record<string, PortalFunction>, label: string) => {
    const fn = functions[label.split(' ')[1]!];
    if (!fn) throw new Error(`the stack has no function for ${label}`);
    return fn;
  };
  return [
    ...Object.entries(endpoints).map(([name, unit]) => ({
      label: `endpoint ${name}`,
      kind: 'endpoint' as const,
      name,
      needs: endpointNeeds(unit),
      ownNeeds: unit.needs,
      fn: fnOf(stack.api.functions, `endpoint ${name}`),
    })),
    ...Object.entries(triggers).map(([name, unit]) => ({
      label: `trigger ${name}`,
      kind: 'trigger' as const,
      name,
      needs: unit.needs as FunctionNeeds,
      ownNeeds: unit.needs as FunctionNeeds,
      fn: fnOf(stack.identity.triggers, `trigger ${name}`),
    })),
    ...Object.entries(jobs).map(([name, unit]) => ({
      label: `job ${name}`,
      kind: 'job' as const,
      name,
      needs: unit.needs as FunctionNeeds,
      ownNeeds: unit.needs as FunctionNeeds,
      fn: fnOf(stack.jobs.functions, `job ${name}`),
    })),
  ];
}

/** The function's environment variables as the template holds them. */
export function variablesOf(portal: SynthesizedPortal, fn: PortalFunction): Record<string, unknown> {
  const props = portal.json.Resources[logicalIdOf(portal.stack, fn.function)]!.Properties!;
  return (props.Environment as { Variables: Record<string, unknown> }).Variables;
}

export function statementsOf(portal: SynthesizedPortal, fn: PortalFunction): Statement[] {
  return statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, fn.role));
}

const secretEnvNames = new Set<string>(Object.values(secrets).map((secret) => secret.env));

/**
 * The variable names the unit's code validates at start (environmentNames), as the stack must set them:
 * a secret arrives as the id of a Secrets Manager secret, `{ENV}_SECRET_ID`; the portal's address as the
 * name of the parameter that holds it.
 */
export function requiredVariables(needs: FunctionNeeds): string[] {
  return environmentNames(needs).map((name) =>
    secretEnvNames.has(name) ? `${name}_SECRET_ID` : name === ENV.portalUrl ? ENV.portalUrlParameter : name,
  );
}

/** The ARN of the parameter holding the portal's address, as the template spells it (built from the fixed name). */
export const portalUrlParameterArnIn = (stack: PortalStack) => ({
  'Fn::Join': ['', ['arn:', ref('AWS::Partition'), ':ssm:', ref('AWS::Region'), ':', ref('AWS::AccountId'), `:parameter/${stack.stackName}/portal-url`]],
});

/** The secret the stack created for a registry secret (never creates one, unlike secrets.get). */
export function secretOf(stack: PortalStack, name: SecretName) {
  const secret = stack.secrets.all[name];
  if (!secret) throw new Error(`the stack created no ${name} secret`);
  return secret;
}

/**
 * Asserts that a unit's function holds exactly what its needs say and nothing more: the table actions
 * on the table and its indexes, the Cognito actions on the pool (a trigger: any pool of this account
 * and region), read access to its secrets, write access to its own log group, and the environment
 * variables its code validates, with the values of the stack's resources. Deployment options add
 * MAIL_FROM, SES and the newsletter settings; without them (`withOptions` false) there is nothing else.
 */
export function expectWiredExactly(portal: SynthesizedPortal, unit: DeployedUnit, withOptions = false): void {
  const { stack } = portal;
  const { needs, fn, label } = unit;
  const statements = statementsOf(portal, fn);
  const actions = statements.flatMap((s) => asList(s.Action));
  const ofService = (service: string) => statements.filter((s) => asList(s.Action).some((a) => a.startsWith(`${service}:`)));

  // Only the services its needs name, no wildcard action, no Resource "*".
  const services = new Set(actions.map((action) => action.split(':')[0]));
  const expectedServices = new Set([
    'logs',
    ...(needs.table?.length ? ['dynamodb'] : []),
    ...(needs.userPool?.length ? ['cognito-idp'] : []),
    ...(unitSecrets(needs).length || (withOptions && unit.ownNeeds.newsletter) ? ['secretsmanager'] : []),
    ...(withOptions && unit.ownNeeds.mail ? ['ses'] : []),
    ...(needs.mail ? ['ssm'] : []),
    ...(bucketGrants(needs.files).some((grant) => grant.actions.length) ? ['s3'] : []),
  ]);
  expect([...services].sort(), label).toEqual([...expectedServices].sort());
  expect(actions.filter((action) => action.includes('*')), label).toEqual([]);
  expect(statements.filter((s) => asList(s.Resource).includes('*')), label).toEqual([]);

  // DynamoDB: exactly the item actions of its needs, on the table and each named index.
  const table = arnOf(logicalIdOf(stack, stack.data.table));
  const tableResources = [table, ...dataTable.globalIndexes.map((index) => ({ 'Fn::Join': ['', [table, `/index/${index.name}`]] }))];
  const dynamo = ofService('dynamodb');
  expect(dynamo.flatMap((s) => asList(s.Action)).sort(), label).toEqual((needs.table ?? []).map((a) => `dynamodb:${a}`).sort());
  for (const statement of dynamo) expect(asList(statement.Resource), label).toEqual(tableResources);

  // Cognito: exactly the actions of its needs, on this pool (endpoints, jobs) or this account's pools (triggers).
  const cognito = ofService('cognito-idp');
  expect(cognito.flatMap((s) => asList(s.Action)).sort(), label).toEqual((needs.userPool ?? []).map((a) => `cognito-idp:${a}`).sort());
  for (const statement of cognito) {
    if (unit.kind === 'trigger') {
      expect(statement.Resource, label).toEqual({
        'Fn::Join': ['', ['arn:', ref('AWS::Partition'), ':cognito-idp:', ref('AWS::Region'), ':', ref('AWS::AccountId'), ':userpool/*']],
      });
    } else {
      expect(statement.Resource, label).toEqual(arnOf(logicalIdOf(stack, stack.identity.userPool)));
    }
  }

  // Secrets: read only, and only the secrets its needs name (plus the operator's Mailchimp key with options).
  const secretStatements = ofService('secretsmanager');
  const secretResources = secretStatements.flatMap((s) => asList(s.Resource)).filter((r) => !JSON.stringify(r).includes('mailchimp'));
  expect(secretResources, label).toEqual(
    expect.arrayContaining(unitSecrets(needs).map((name) => ref(logicalIdOf(stack, secretOf(stack, name))))),
  );
  expect(secretResources, label).toHaveLength(unitSecrets(needs).length);
  for (const statement of secretStatements) {
    expect(asList(statement.Action).sort(), label).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
  }

  // S3: per bucket its registry `files` name, exactly the object actions of its operations on that
  // bucket's objects (no listing, no other bucket); a bucket reached only by signed links needs none.
  // Compared as action-on-objects pairs: CDK merges statements of the same actions into one with several resources.
  const objectsOf = (bucket: Parameters<typeof logicalIdOf>[1]) => ({ 'Fn::Join': ['', [arnOf(logicalIdOf(stack, bucket)), '/*']] });
  const pairs = (statements: { Action: unknown; Resource: unknown }[]) =>
    statements.flatMap((statement) => asList(statement.Action).flatMap((action) => asList(statement.Resource).map((resource) => JSON.stringify([action, resource])))).sort();
  expect(pairs(ofService('s3')), label).toEqual(
    pairs(bucketGrants(needs.files).map((grant) => ({ Action: grant.actions, Resource: objectsOf(stack.files.buckets[grant.bucket]) }))),
  );

  // SSM: a mail sender reads the parameter holding the portal's address, and no other.
  expect(ofService('ssm'), label).toEqual(
    needs.mail ? [expect.objectContaining({ Action: 'ssm:GetParameter', Resource: portalUrlParameterArnIn(stack) })] : [],
  );

  // Logs: its own log group only.
  expect(ofService('logs'), label).toEqual([expect.objectContaining({ Resource: arnOf(logicalIdOf(stack, fn.logGroup)) })]);

  // Environment: every variable its code validates, with the stack's values.
  const variables = variablesOf(portal, fn);
  const required = requiredVariables(needs);
  expect(Object.keys(variables), label).toEqual(expect.arrayContaining(required));
  const values: Record<string, unknown> = {
    [ENV.tableName]: ref(logicalIdOf(stack, stack.data.table)),
    [ENV.userPoolId]: ref(logicalIdOf(stack, stack.identity.userPool)),
    [ENV.userPoolClientId]: ref(logicalIdOf(stack, stack.identity.appClient)),
    ...Object.fromEntries(bucketRoles.map((role) => [buckets[role].env, ref(logicalIdOf(stack, stack.files.buckets[role]))])),
    [ENV.checkoutApiUrl]: 'https://api.fastspring.com',
    [ENV.portalUrlParameter]: `/${stack.stackName}/portal-url`,
    ...Object.fromEntries(
      unitSecrets(needs).map((name) => [`${secrets[name].env}_SECRET_ID`, ref(logicalIdOf(stack, secretOf(stack, name)))]),
    ),
  };
  for (const name of required) expect(variables[name], `${label} ${name}`).toEqual(values[name]);
  expect(variables, label).not.toHaveProperty(ENV.cognitoIssuer);
  if (!withOptions) expect(Object.keys(variables).sort(), label).toEqual([...required, 'NODE_OPTIONS'].sort());
}
