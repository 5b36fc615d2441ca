import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../functions/lib/adapters/local-outbox';
import { placeholderAddresses } from '../../shared/placeholder-address';
import { ENV, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { endpoints, jobs, secrets, triggers } from '../../functions/registry';
import { findFunctionBundles, type FunctionBundle } from '../../infra/function-bundles';
import { bucketRoles, buckets } from '../../infra/definitions';
import { buildApp, stackName } from '../../infra/portal-app';
import { repoRoot } from '../../infra/paths';
import { callApi, createAdminUser, createConfirmedUser, signIn, stackContext } from '../support/api';
import { curveText } from '../support/iv-curves';
import { TENANT_COOKIE, TENANT_HEADER } from '../../scripts/local/tenant-names';

/**
 * Deploy fidelity: the Lambda bundles exactly as the synthesized cloud assembly would upload them,
 * invoked with API Gateway (payload 2.0) and Cognito events and the template's environment, its
 * references resolved to the local stack's resources.
 */
const { localStack, baseUrl } = stackContext();
let assemblyDir: string;
let bundles: FunctionBundle[];
let template: { Resources: Record<string, { Type: string }> };

beforeAll(async () => {
  // Inside the repository: the bundles leave @aws-sdk/* to the Lambda runtime, and here the
  // repository's node_modules stands in for the runtime's copy.
  mkdirSync('cdk.out', { recursive: true });
  assemblyDir = mkdtempSync(join(resolve('cdk.out'), 'fidelity-'));
  buildApp({ outdir: assemblyDir }).app.synth();
  bundles = findFunctionBundles(assemblyDir, stackName);
  template = JSON.parse(readFileSync(join(assemblyDir, `${stackName}.template.json`), 'utf8'));
  // A synth bundles every function: seconds alone, minutes on a machine busy with the rest of the suite.
}, 300_000);
afterAll(() => rmSync(assemblyDir, { recursive: true, force: true }));

/** The local bucket a bucket variable of the template names (the bucket's logical id says its role only indirectly). */
const localBuckets: Record<string, string | undefined> = Object.fromEntries(
  bucketRoles.map((role) => [buckets[role].env, localStack.resources.buckets[role]]),
);

/**
 * The template's environment variable, with Refs to the pool, client, table and buckets made local. A secret's
 * `NAME_SECRET_ID` becomes `NAME` with the local stack's value: there is no Secrets Manager emulator, and
 * functions read `NAME` before `NAME_SECRET_ID` (functions/lib/secrets.ts).
 */
function resolveEnv(name: string, value: unknown): [string, string] {
  if (typeof value === 'string') return [name, value];
  const ref = (value as { Ref?: string }).Ref;
  const type = ref ? template.Resources[ref]?.Type : undefined;
  switch (type) {
    case 'AWS::DynamoDB::Table':
      return [name, localStack.resources.tableName];
    case 'AWS::Cognito::UserPool':
      return [name, localStack.resources.userPoolId];
    case 'AWS::Cognito::UserPoolClient':
      return [name, localStack.resources.userPoolClientId];
    case 'AWS::S3::Bucket': {
      const bucket = localBuckets[name];
      if (!bucket) throw new Error(`${name}: the test knows no local bucket for it`);
      return [name, bucket];
    }
    case 'AWS::SecretsManager::Secret': {
      const plain = name.replace(/_SECRET_ID$/, '');
      const local = localStack.functionEnv[plain];
      if (!local) throw new Error(`${name}: the local stack has no ${plain}`);
      return [plain, local];
    }
    default:
      throw new Error(`${name}: the test cannot resolve ${JSON.stringify(value)} to a local resource`);
  }
}

/**
 * Invokes a bundle in its own Node process with only what Lambda would give it: the template's
 * environment (references made local), plus the emulator endpoints and credentials in place of AWS's.
 */
function invoke(bundle: FunctionBundle, event: unknown): Promise<{ result?: unknown; error?: { errorType: string; errorMessage: string } }> {
  const templateEnv = Object.fromEntries(Object.entries(bundle.environment).map(([name, value]) => resolveEnv(name, value)));
  const emulatorEnv = Object.fromEntries(
    // Endpoints, credentials and issuer of the emulators, and the local adapters' outbox files; the portal's
    // address itself for the template's PORTAL_URL_PARAMETER (no SSM here; functions read PORTAL_URL first).
    Object.entries(localStack.functionEnv).filter(
      ([name]) => name.startsWith('AWS_') || name.startsWith('LOCAL_') || name === 'COGNITO_ISSUER' || name === ENV.portalUrl,
    ),
  );
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [runner, bundle.handlerFile, bundle.handlerExport], {
      env: { PATH: process.env.PATH, ...emulatorEnv, ...templateEnv },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        // The function's own log lines come first; the runner's answer is the last line.
        resolvePromise(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch {
        reject(new Error(`${bundle.constructPath} printed no result: ${out}`));
      }
    });
    child.stdin.end(JSON.stringify(event));
  });
}
const runner = fileURLToPath(new URL('../support/invoke-bundle.mjs', import.meta.url));

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
    headers: {
      'content-type': 'application/json',
      // What CloudFront adds to every API request it forwards.
      [ORIGIN_VERIFY_HEADER]: localStack.functionEnv[secrets.originVerify.env]!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
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

/**
 * A multipart upload as API Gateway hands it to the function: the form's bytes base64-encoded
 * (isBase64Encoded), as it does for any body that is not text.
 */
async function multipartEvent(path: string, fields: Record<string, string | { name: string; content: string }>, token: string) {
  const form = new FormData();
  form.append('version', '2020');
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.content]), value.name);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  const bytes = Buffer.from(await request.arrayBuffer());
  const event = httpApiEvent(path, {}, token);
  return {
    ...event,
    headers: { ...event.headers, 'content-type': request.headers.get('content-type')! },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  };
}

type HttpResult = { statusCode: number; body: string };
const httpCall = async (bundle: FunctionBundle, event: unknown) => {
  const { result, error } = await invoke(bundle, event);
  if (error) throw new Error(`${bundle.constructPath} threw ${error.errorType}: ${error.errorMessage}`);
  return result as HttpResult;
};

/** Each unit's function, by its construct path in the stack. */
const unitPaths = [
  ...Object.values(endpoints).map((endpoint) => `Api/${endpoint.construct}/Function`),
  ...Object.values(triggers).map((trigger) => `Identity/${trigger.construct}/Function`),
  ...Object.values(jobs).map((job) => `Jobs/${job.construct}/Function`),
];

// What the deployment uploads, file by file. (Here rather than in the infra checks, whose synth skips
// bundling: this file bundles every function anyway, and a bundle is the same whatever the SPA.)
describe('each function bundle as uploaded', () => {
  it('is found for every endpoint, trigger and job of the registry, and nothing else', () => {
    expect(bundles.map((b) => b.constructPath).sort()).toEqual([...unitPaths].sort());
  });

  it.each(unitPaths)('%s is one minified CommonJS file with an external source map, the AWS SDK left to the runtime', (constructPath) => {
    const bundle = bundles.find((b) => b.constructPath === constructPath)!;
    expect(bundle.handlerFile.endsWith('index.js')).toBe(true);
    expect(bundle.moduleFormat).toBe('commonjs');
    // CommonJS whatever package.json is above it, as the runtime's AWS SDK is (no ESM-to-CommonJS bridge).
    expect(JSON.parse(readFileSync(join(bundle.bundleDir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    const code = readFileSync(bundle.handlerFile, 'utf8');
    // No static ES import: the SDK (and node: built-ins) are required.
    expect(code).not.toMatch(/(^|[;}])\s*import\s*[{*\w][^;]*?from\s*["']/m);
    expect(existsSync(`${bundle.handlerFile}.map`)).toBe(true);
    const map = JSON.parse(readFileSync(`${bundle.handlerFile}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.filter((source) => source.includes('node_modules/@aws-sdk/'))).toEqual([]);
  });

  it.each(unitPaths)("%s holds no test tenant switch: none of the local stack's code, nor its header or cookie", (constructPath) => {
    const bundle = bundles.find((b) => b.constructPath === constructPath)!;
    const code = readFileSync(bundle.handlerFile, 'utf8');
    expect(code).not.toContain(TENANT_HEADER);
    expect(code).not.toContain(TENANT_COOKIE);
    const map = JSON.parse(readFileSync(`${bundle.handlerFile}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.filter((source) => source.includes('scripts/local/') || source.includes('test/support/'))).toEqual([]);
  });

  it.each(unitPaths)('%s loads in plain Node.js and exports its handler', (constructPath) => {
    const bundle = bundles.find((b) => b.constructPath === constructPath)!;
    // Placeholders for the template's values: loading must not need them, invoking will.
    const env = Object.fromEntries(
      Object.entries(bundle.environment).map(([name, value]) => [name, typeof value === 'string' ? value : `placeholder-${name}`]),
    );
    const kind = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `const m = await import(${JSON.stringify(bundle.handlerFile)}); console.log(typeof m.${bundle.handlerExport});`],
      { cwd: repoRoot, env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', ...env }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(kind.trim()).toBe('function');
  });
});

describe('the SPA as the deployment uploads it', () => {
  it('names no placeholder address: every link of the built app goes somewhere real or is a deployment setting', () => {
    const spa = readdirSync(assemblyDir).filter((dir) => dir.startsWith('asset.') && existsSync(join(assemblyDir, dir, 'index.html')));
    expect(spa).toHaveLength(1);
    const root = join(assemblyDir, spa[0]!);
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => /\.(js|html|css|json|svg)$/.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const found = files.flatMap((file) => placeholderAddresses(readFileSync(join(root, file), 'utf8')).map((address) => `${file}: ${address}`));
    expect(found).toEqual([]);
  });
});

describe('the synthesized Lambda bundles', () => {
  it('post-confirmation: subscribes a user who chose the newsletter, and nobody else', async () => {
    const bundle = bundleFor(triggers['post-confirmation'].construct);
    const event = (email: string, marketing: string) => ({
      version: '1',
      region: 'us-east-1',
      userPoolId: localStack.resources.userPoolId,
      userName: email.split('@')[0],
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      callerContext: { awsSdkVersion: 'test', clientId: localStack.resources.userPoolClientId },
      request: { userAttributes: { email, name: 'Bundle', family_name: 'Reader', 'custom:accepted_marketing': marketing } },
      response: {},
    });
    const yes = `yes${Date.now()}@example.com`;
    const no = `no${Date.now()}@example.com`;
    expect((await invoke(bundle, event(yes, '1'))).error).toBeUndefined();
    expect((await invoke(bundle, event(no, '0'))).error).toBeUndefined();
    const emails = readRecords<{ email: string }>(localStack.functionEnv.LOCAL_NEWSLETTER_FILE!).map((r) => r.email);
    expect(emails).toContain(yes);
    expect(emails).not.toContain(no);
  });

  it('delete-accounts job: carries out a pending deletion request', async () => {
    const user = await createConfirmedUser();
    const profile = JSON.parse((await httpCall(bundleFor('User'), httpApiEvent('user', { cmd: 'get_user_profile' }, user.accessToken))).body);
    await httpCall(bundleFor('User'), httpApiEvent('user', { cmd: 'delete_user_account' }, user.accessToken));
    const run = await invoke(bundleFor('DeleteAccounts'), { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
    expect(run.error).toBeUndefined();
    expect((run.result as { deleted: number[] }).deleted).toContain(profile.data.id);
    await expect(signIn(user.username, user.password)).rejects.toThrow();
  });

  it('user: answers get_user_profile and update_user_profile against the local stack', async () => {
    const bundle = bundleFor('User');
    const user = await createConfirmedUser();
    const get = await httpCall(bundle, httpApiEvent('user', { cmd: 'get_user_profile', version: 2020 }, user.accessToken));
    expect(get.statusCode).toBe(200);
    expect(JSON.parse(get.body)).toMatchObject({ status: 'ok', data: { username: user.username, email: user.email } });

    const update = await httpCall(
      bundle,
      httpApiEvent('user', { cmd: 'update_user_profile', first_name: 'Bundled', last_name: 'Code', company: '' }, user.accessToken),
    );
    expect(JSON.parse(update.body)).toMatchObject({ status: 'ok', data: { first_name: 'Bundled', last_name: 'Code' } });
  });

  it("user: answers from the table its environment names whatever tenant a request names (the switch is the local server's only)", async () => {
    const bundle = bundleFor('User');
    const user = await createConfirmedUser();
    const event = httpApiEvent('user', { cmd: 'get_user_profile' }, user.accessToken);
    const elsewhere = { ...event, headers: { ...event.headers, [TENANT_HEADER]: 'elsewhere', cookie: `${TENANT_COOKIE}=elsewhere` } };
    const answer = await httpCall(bundle, elsewhere);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok', data: { username: user.username, email: user.email } });
  });

  it('user: refuses a missing token and bad params with an error envelope', async () => {
    const bundle = bundleFor('User');
    const anonymous = await httpCall(bundle, httpApiEvent('user', { cmd: 'get_user_profile' }));
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ status: 'error', message: 'User is not authenticated' });
    const user = await createConfirmedUser();
    const bad = await httpCall(bundle, httpApiEvent('user', { cmd: 'update_user_profile', first_name: '', last_name: 'X' }, user.accessToken));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ status: 'error', message: 'first_name: First name is required' });
  });

  it('user: takes an IV curve upload as API Gateway passes it (multipart, base64) and keeps the file in the IV curves bucket', async () => {
    const bundle = bundleFor('User');
    const user = await createConfirmedUser();
    const text = curveText({ manufacturer: 'Bundle', model: 'Base64 µ-cell' });
    const upload = await httpCall(
      bundle,
      await multipartEvent('user', { cmd: 'upload_iv_curve', upload_type: 'new', uploaded_file: { name: 'bundle.csv', content: text } }, user.accessToken),
    );
    expect(upload.statusCode).toBe(200);
    const curve = JSON.parse(upload.body).data as { id: number; manufacturer: string; model: string; version: number };
    expect(curve).toMatchObject({ manufacturer: 'Bundle', model: 'Base64 µ-cell', version: 1 });
    // Read back through the bundle: the object in the bucket holds the bytes sent, the multibyte µ intact.
    const file = await httpCall(bundle, httpApiEvent('user', { cmd: 'get_iv_curve_file', id: curve.id }, user.accessToken));
    expect(JSON.parse(file.body)).toEqual({ status: 'ok', data: { id: curve.id, version: 1, filename: `${curve.id}-v1.csv`, content: text } });
    const tooLarge = await httpCall(
      bundle,
      await multipartEvent('user', { cmd: 'upload_iv_curve', upload_type: 'new', uploaded_file: { name: 'big.csv', content: 'x'.repeat(1024 * 1024 + 1) } }, user.accessToken),
    );
    expect(tooLarge.statusCode).toBe(413);
  });

  it('lic: writes a CSV export whose signed link the edge serves (the template\'s link-signing secret and exports bucket)', async () => {
    const admin = await createAdminUser();
    const answer = await httpCall(bundleFor(endpoints.lic.construct), httpApiEvent('lic/5', { cmd: 'get_license_users', version: 2020, client: 'web' }, admin.accessToken));
    expect(answer.statusCode, answer.body).toBe(200);
    const { filename } = (JSON.parse(answer.body) as { data: { filename: string } }).data;
    const file = await fetch(`${baseUrl}/umdata/${filename}`);
    expect(file.status).toBe(200);
    expect((await file.text()).split('\n')[0]).toMatch(/^Id,Created,User id,User/);
    expect((await fetch(`${baseUrl}/umdata/${filename.split('?')[0]}`)).status).toBe(403);
  });

  it('user: refuses a request that did not come through CloudFront', async () => {
    const user = await createConfirmedUser();
    const event = httpApiEvent('user', { cmd: 'get_user_profile' }, user.accessToken);
    delete (event.headers as Record<string, string>)[ORIGIN_VERIFY_HEADER];
    const direct = await httpCall(bundleFor('User'), event);
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body)).toEqual({ status: 'error', message: 'Call the API through the portal' });
  });

  it('sso: signs the identity for a correctly signed forum request', async () => {
    const user = await createConfirmedUser();
    const secret = localStack.functionEnv.SSO_SECRET!;
    const sso = Buffer.from('nonce=fidelity&return_sso_url=https%3A%2F%2Fforum.example.com%2Fsession%2Fsso_login').toString('base64');
    const sig = createHmac('sha256', secret).update(sso).digest('hex');
    const answer = await httpCall(bundleFor('Sso'), httpApiEvent('sso', { cmd: 'sso_sign_in', sso, sig }, user.idToken));
    expect(answer.statusCode).toBe(200);
    const data = JSON.parse(answer.body).data as { sso: string; sig: string; return_sso_url: string };
    expect(data.sig).toBe(createHmac('sha256', secret).update(data.sso).digest('hex'));
    expect(new URLSearchParams(Buffer.from(data.sso, 'base64').toString()).get('username')).toBe(user.username);
  });

  it('fastspring: applies a signed order once and refuses an unsigned delivery', async () => {
    const user = await createConfirmedUser();
    const profile = JSON.parse((await httpCall(bundleFor('User'), httpApiEvent('user', { cmd: 'get_user_profile' }, user.accessToken))).body);
    const orderId = `bundle-order-${Date.now()}`;
    const delivery = { events: [{ id: `evt-${orderId}`, type: 'order.completed', data: { id: orderId, tags: { user_id: String(profile.data.id) }, items: [{ product: 'pro-perpetual', quantity: 1 }] } }] };
    const event = httpApiEvent('fastspring', delivery);
    const unsigned = await httpCall(bundleFor(endpoints.fastspring.construct), event);
    expect(unsigned.statusCode).toBe(401);
    const signature = createHmac('sha256', localStack.functionEnv.FASTSPRING_WEBHOOK_SECRET!).update(event.body).digest('base64');
    const signed = { ...event, headers: { ...event.headers, 'x-fs-signature': signature } };
    expect((await httpCall(bundleFor(endpoints.fastspring.construct), signed)).statusCode).toBe(200);
    expect((await httpCall(bundleFor(endpoints.fastspring.construct), signed)).statusCode).toBe(200);
    // Read through the local stack's API, as a customer would see the order's licenses.
    const licenses = (await callApi('lic/5', { cmd: 'get_licenses' }, user.accessToken)).body.data as { licenses: unknown[] };
    expect(licenses.licenses).toEqual([expect.objectContaining({ license_type_id: 'Pro', tag: `order:${orderId}` })]);
  });

  it('pre-signup: refuses an email in use and a bidi name, and lets a new one through', async () => {
    const bundle = bundleFor(triggers['pre-signup'].construct);
    const existing = await createConfirmedUser();
    const event = (username: string, email: string, name = 'Dana') => ({
      version: '1',
      region: 'us-east-1',
      userPoolId: localStack.resources.userPoolId,
      userName: username,
      triggerSource: 'PreSignUp_SignUp',
      callerContext: { awsSdkVersion: 'test', clientId: localStack.resources.userPoolClientId },
      request: { userAttributes: { email, name, family_name: 'Tester' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });
    const refused = await invoke(bundle, event(`dup${Date.now()}`, existing.email.toUpperCase()));
    expect(refused.error).toEqual({ errorType: 'Error', errorMessage: 'Email already exists' });
    const fresh = `fresh${Date.now()}`;
    const bidi = await invoke(bundle, event(fresh, `${fresh}@example.com`, 'Dana\u202eevil'));
    expect(bidi.error).toEqual({ errorType: 'Error', errorMessage: 'First name must not contain control or text-direction characters' });
    const allowed = await invoke(bundle, event(fresh, `${fresh}@example.com`));
    expect(allowed.error).toBeUndefined();
    expect(allowed.result).toMatchObject({ userName: fresh });
  });
});
