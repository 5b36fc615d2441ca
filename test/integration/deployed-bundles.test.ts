import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, cognitoTriggers } from '../../infra/definitions';
import { findFunctionBundles, type FunctionBundle } from '../../infra/function-bundles';
import { buildApp, stackName } from '../../infra/portal-app';
import { createConfirmedUser, stackContext } from '../support/api';

/**
 * Deploy fidelity: the Lambda bundles exactly as the synthesized cloud assembly would upload them,
 * invoked with API Gateway (payload 2.0) and Cognito events and the template's environment, its
 * references resolved to the local stack's resources.
 */
const { localStack } = stackContext();
let assemblyDir: string;
let bundles: FunctionBundle[];
let template: { Resources: Record<string, { Type: string }> };

type Handler = (event: unknown, context?: unknown) => Promise<unknown>;

beforeAll(async () => {
  // Inside the repository: the bundles leave @aws-sdk/* to the Lambda runtime, and here the
  // repository's node_modules stands in for the runtime's copy.
  mkdirSync('cdk.out', { recursive: true });
  assemblyDir = mkdtempSync(join(resolve('cdk.out'), 'fidelity-'));
  buildApp({ outdir: assemblyDir }).app.synth();
  bundles = findFunctionBundles(assemblyDir, stackName);
  template = JSON.parse(readFileSync(join(assemblyDir, `${stackName}.template.json`), 'utf8'));
});
afterAll(() => rmSync(assemblyDir, { recursive: true, force: true }));

/** The template's value of an environment variable, with Refs to the pool, client and table made local. */
function resolveEnv(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  const ref = (value as { Ref?: string }).Ref;
  const type = ref ? template.Resources[ref]?.Type : undefined;
  switch (type) {
    case 'AWS::DynamoDB::Table':
      return localStack.resources.tableName;
    case 'AWS::Cognito::UserPool':
      return localStack.resources.userPoolId;
    case 'AWS::Cognito::UserPoolClient':
      return localStack.resources.userPoolClientId;
    default:
      throw new Error(`${name}: the test cannot resolve ${JSON.stringify(value)} to a local resource`);
  }
}

/** Loads a bundle with the template's environment, plus what points the SDK at the emulators. */
async function loadBundle(bundle: FunctionBundle): Promise<Handler> {
  const templateEnv = Object.fromEntries(
    Object.entries(bundle.environment).map(([name, value]) => [name, resolveEnv(value, name)]),
  );
  const emulatorEnv = Object.fromEntries(
    Object.entries(localStack.functionEnv).filter(([name]) => name.startsWith('AWS_') || name === 'COGNITO_ISSUER'),
  );
  Object.assign(process.env, emulatorEnv, templateEnv);
  const module = (await import(pathToFileURL(bundle.handlerFile).href)) as Record<string, Handler>;
  const handler = module[bundle.handlerExport];
  if (typeof handler !== 'function') throw new Error(`${bundle.constructPath} exports no ${bundle.handlerExport}`);
  return handler;
}

function bundleFor(constructId: string): FunctionBundle {
  const bundle = bundles.find((b) => b.constructPath.split('/').includes(constructId));
  if (!bundle) throw new Error(`No bundle for ${constructId} in ${bundles.map((b) => b.constructPath).join(', ')}`);
  return bundle;
}

function httpApiEvent(path: string, body: unknown, token?: string) {
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `POST /api/${path}`,
    rawPath: `/api/${path}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'local.execute-api',
      domainPrefix: 'local',
      http: { method: 'POST', path: `/api/${path}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: `req-${now}`,
      routeKey: `POST /api/${path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}

const lambdaContext = { awsRequestId: 'local', functionName: 'fidelity', getRemainingTimeInMillis: () => 20_000 };

describe('the synthesized Lambda bundles', () => {
  it('has one bundle per API endpoint and one for the pre-signup trigger', () => {
    for (const endpoint of apiEndpoints) expect(() => bundleFor(endpoint.id)).not.toThrow();
    expect(() => bundleFor(cognitoTriggers.preSignUp.id)).not.toThrow();
  });

  it('user: answers get_user_profile and update_user_profile against the local stack', async () => {
    const handler = await loadBundle(bundleFor('User'));
    const user = await createConfirmedUser();
    const get = (await handler(httpApiEvent('user', { cmd: 'get_user_profile', version: 2020 }, user.accessToken), lambdaContext)) as {
      statusCode: number;
      body: string;
    };
    expect(get.statusCode).toBe(200);
    expect(JSON.parse(get.body)).toMatchObject({ status: 'ok', data: { username: user.username, email: user.email } });

    const update = (await handler(
      httpApiEvent('user', { cmd: 'update_user_profile', first_name: 'Bundled', last_name: 'Code', company: '' }, user.accessToken),
      lambdaContext,
    )) as { statusCode: number; body: string };
    expect(JSON.parse(update.body)).toMatchObject({ status: 'ok', data: { first_name: 'Bundled', last_name: 'Code' } });
  });

  it('user: refuses a missing token and bad params with an error envelope', async () => {
    const handler = await loadBundle(bundleFor('User'));
    const anonymous = (await handler(httpApiEvent('user', { cmd: 'get_user_profile' }), lambdaContext)) as { statusCode: number; body: string };
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ status: 'error', message: 'User is not authenticated' });
  });

  it('pre-signup: refuses an email in use and lets a new one through', async () => {
    const handler = await loadBundle(bundleFor(cognitoTriggers.preSignUp.id));
    const existing = await createConfirmedUser();
    const event = (username: string, email: string) => ({
      version: '1',
      region: 'us-east-1',
      userPoolId: localStack.resources.userPoolId,
      userName: username,
      triggerSource: 'PreSignUp_SignUp',
      callerContext: { awsSdkVersion: 'test', clientId: localStack.resources.userPoolClientId },
      request: { userAttributes: { email } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });
    await expect(handler(event(`dup${Date.now()}`, existing.email.toUpperCase()), lambdaContext)).rejects.toThrow(
      'Email already exists',
    );
    const fresh = `fresh${Date.now()}`;
    await expect(handler(event(fresh, `${fresh}@example.com`), lambdaContext)).resolves.toMatchObject({ userName: fresh });
  });
});
