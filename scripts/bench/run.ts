/**
 * `npm run bench`: the platform's first figures, measured in one run on one machine, printed as a table.
 * - API throughput: get_user_profile through the whole local API (token check, session check, contract,
 *   dynamodb-toolbox) against a bare Hono route doing one GetItem of the same record; the ratio is the
 *   figure, with its spread over paired rounds. Two layers in between say where the difference goes:
 *   the repository read alone, and the endpoint app without the local CloudFront stand-in.
 * - Each Lambda bundle of the synthesized cloud assembly: minified size and cold import time.
 * - The sign-in route's JavaScript, gzip, as Chromium loads it.
 */
import '../local/env-defaults';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { findFunctionBundles } from '../../infra/function-bundles';
import { secrets } from '../../functions/registry';
import { ENV, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { freePort } from '../local/net';
import { startLocalStack } from '../local/stack';

const outDir = resolve('.bench');
mkdirSync(outDir, { recursive: true });
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 6);

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the servers' event loop. */
function load(url: string, body: string, headers: Record<string, string>, duration = seconds): Promise<LoadResult> {
  const args = ['autocannon', '-j', '-c', String(connections), '-d', String(duration), '-m', 'POST', '-b', body];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolveLoad, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolveLoad({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

/** The same call served four ways, from the bare store read to the whole local API. */
const VARIANTS = ['bare', 'repository', 'endpoint', 'api'] as const;
type Variant = (typeof VARIANTS)[number];
const VARIANT_LABELS: Record<Variant, string> = {
  bare: 'bare route: one raw GetItem',
  repository: 'the repository read (dynamodb-toolbox)',
  endpoint: 'the user endpoint app, direct',
  api: 'the whole local API',
};

async function measureApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const stack = await startLocalStack({ dataDir });
  const servers: ServerType[] = [];
  try {
    const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1' });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.resources.userPoolClientId,
        AuthParameters: { USERNAME: 'demo', PASSWORD: stack.demoPassword },
      }),
    );
    const token = auth.AuthenticationResult!.AccessToken!;
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

    const { documentClient } = await import('../../functions/lib/db/table');
    const { UserEntity } = await import('../../functions/domain/users/user.entity');
    const { findUserBySub } = await import('../../functions/domain/users/users.repository');
    const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
    const { runAs } = await import('../../functions/lib/runtime-env');
    const { loadEndpointApp, unitRuntime } = await import('../local/units');
    const runtime = unitRuntime({ endpoint: 'user' }, stack.functionEnv);
    const getParams = runAs(runtime, () => UserEntity.build(GetItemCommand).key({ sub }).params());

    // Same process, same server library; each layer adds one thing to the one before.
    const serveLocal = async (fetch: (request: Request) => Response | Promise<Response>) => {
      const port = await freePort();
      servers.push(serve({ fetch, port, hostname: '127.0.0.1' }));
      return `http://127.0.0.1:${port}`;
    };
    const bare = new Hono().post('/', async (c) => {
      const { Item } = await documentClient.send(new GetCommand({ TableName: getParams.TableName, Key: getParams.Key }));
      return c.json({ status: 'ok', data: Item });
    });
    const repository = new Hono().post('/', async (c) => c.json({ status: 'ok', data: await runAs(runtime, () => findUserBySub(sub)) }));
    const endpointApp = await loadEndpointApp('user');
    const originSecret = stack.functionEnv[secrets.originVerify.env]!;
    const urls: Record<Variant, string> = {
      bare: await serveLocal(bare.fetch),
      repository: await serveLocal(repository.fetch),
      endpoint: `${await serveLocal((request) => {
        request.headers.set(ORIGIN_VERIFY_HEADER, originSecret);
        return runAs(runtime, () => endpointApp.fetch(request));
      })}/api/user`,
      api: `${stack.baseUrl}/api/user`,
    };

    const body = JSON.stringify({ cmd: 'get_user_profile', version: 2020, client: 'web' });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // DynamoDB Local's JIT and every server warm up first. Then each round runs every variant once, the
    // order rotating from round to round, so drift on this shared machine weighs on all of them alike;
    // the figures are per-round ratios to the bare route of the same round.
    for (const variant of VARIANTS) await load(urls[variant], body, headers, warmUpSeconds);
    const runs = Object.fromEntries(VARIANTS.map((variant) => [variant, [] as LoadResult[]])) as Record<Variant, LoadResult[]>;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < VARIANTS.length; i++) {
        const variant = VARIANTS[(round + i) % VARIANTS.length]!;
        runs[variant].push(await load(urls[variant], body, headers));
      }
    }
    const ratios = Object.fromEntries(
      VARIANTS.map((variant) => [variant, spread(runs[variant].map((run, i) => run.rps / runs.bare[i]!.rps))]),
    ) as Record<Variant, Spread>;

    const signIn = await measureSignInRoute(stack.baseUrl);
    return { runs: Object.fromEntries(VARIANTS.map((v) => [v, medianRun(runs[v])])) as Record<Variant, LoadResult>, ratios, signIn };
  } finally {
    servers.forEach((server) => server.close());
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every JavaScript file Chromium loads for /signin, each gzipped as CloudFront would serve it. */
async function measureSignInRoute(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const buffer = await response.body();
      scripts.push({ url: new URL(response.url()).pathname, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });
    });
    await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').waitFor();
    return { files: scripts.length, raw: sum(scripts.map((s) => s.raw)), gzip: sum(scripts.map((s) => s.gzip)) };
  } finally {
    await browser.close();
  }
}

function measureBundles() {
  const assembly = join(outDir, 'cdk.out');
  const synth = spawnSync('npx', ['cdk', 'synth', '--no-notices', '--quiet', '-o', assembly], {
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (synth.status !== 0) throw new Error('cdk synth failed');
  return findFunctionBundles(assembly).map((bundle) => {
    // Each function checks its environment when it loads: give it the variables the template gives it,
    // with stand-in values for those CloudFormation fills in at deploy time.
    const env = Object.fromEntries(
      Object.entries(bundle.environment).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : name === ENV.cognitoIssuer ? 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench' : 'bench',
      ]),
    );
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const script = `const t=performance.now();await import(${JSON.stringify(bundle.handlerFile)});console.log(performance.now()-t)`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, ...env, AWS_REGION: 'us-east-1' },
      });
      if (run.status !== 0) throw new Error(`import of ${bundle.constructPath} failed: ${run.stderr}`);
      times.push(Number(run.stdout.trim()));
    }
    return {
      name: bundle.constructPath,
      kb: statSync(bundle.handlerFile).size / 1024,
      coldImportMs: median(times),
    };
  });
}

/** Per field, the median over runs; errors are summed. */
const medianRun = (runs: LoadResult[]): LoadResult => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: sum(runs.map((r) => r.errors)),
  non2xx: sum(runs.map((r) => r.non2xx)),
});
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** The value at fraction `q` of the sorted values, interpolated between neighbours. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}
const median = (values: number[]) => quantile(values, 0.5);

/** How a per-round figure spreads over the rounds. */
interface Spread {
  median: number;
  min: number;
  max: number;
  q1: number;
  q3: number;
}
const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
  q1: quantile(values, 0.25),
  q3: quantile(values, 0.75),
});
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const f = (n: number, digits = 1) => n.toFixed(digits);

console.log('Building the web app …');
const { build } = await import('vite');
await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'error' });
console.log('Synthesizing and measuring the Lambda bundles …');
const bundles = measureBundles();
console.log(`Measuring the API (${rounds} rounds of ${seconds} s per variant, ${connections} connections) …`);
const { runs, ratios, signIn } = await measureApi();

const lines = [
  '| figure | value | budget |',
  '|---|---|---|',
  ...VARIANTS.map((v) => {
    const run = runs[v];
    const ratio = v === 'bare' ? '' : `, ${pct(ratios[v].median)} of bare (${pct(ratios[v].min)}–${pct(ratios[v].max)})`;
    return `| get_user_profile: ${VARIANT_LABELS[v]} | ${f(run.rps, 0)} req/s (p50 ${run.p50} ms, p99 ${run.p99} ms)${ratio} | |`;
  }),
  `| **API / bare throughput** (median of ${rounds} rounds; quartiles ${pct(ratios.api.q1)}–${pct(ratios.api.q3)}) | **${pct(ratios.api.median)}** | ≥ 70 % |`,
  `| errors / non-2xx | ${VARIANTS.map((v) => `${v} ${runs[v].errors}/${runs[v].non2xx}`).join(', ')} | 0 |`,
  ...bundles.map((b) => `| bundle ${b.name} | ${f(b.kb)} KB min, cold import ${f(b.coldImportMs)} ms | < 300 KB, < 150 ms |`),
  `| sign-in route JS | ${f(signIn.gzip / 1024)} KB gzip (${signIn.files} files, ${f(signIn.raw / 1024)} KB raw) | < 200 KB gzip |`,
];
console.log(`\n${lines.join('\n')}\n`);
writeFileSync(join(outDir, 'results.json'), JSON.stringify({ date: new Date().toISOString(), rounds, seconds, connections, runs, ratios, bundles, signIn }, null, 2));
console.log(`Written to ${join(outDir, 'results.json')}`);
