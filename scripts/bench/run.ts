/**
 * `npm run bench`: the platform's first figures, measured in one run on one machine, printed as a table.
 * - API throughput: get_user_profile through the whole dispatcher (token check, contract, ElectroDB)
 *   against a bare Hono route doing one GetItem of the same record; the ratio is the figure.
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
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { findFunctionBundles } from '../../infra/function-bundles';
import { freePort } from '../local/net';
import { startLocalStack } from '../local/stack';

const outDir = resolve('.bench');
mkdirSync(outDir, { recursive: true });
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);

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

async function measureApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const stack = await startLocalStack({ dataDir });
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

    // The bare route: same process, same server library, one GetItem of the same item, no checks.
    const { documentClient } = await import('../../functions/lib/db/table');
    const { UserEntity } = await import('../../functions/domain/users/user.entity');
    const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
    const getParams = UserEntity.build(GetItemCommand).key({ sub }).params();
    const bare = new Hono().post('/bare', async (c) => {
      const { Item } = await documentClient.send(new GetCommand({ TableName: getParams.TableName, Key: getParams.Key }));
      return c.json({ status: 'ok', data: Item });
    });
    const barePort = await freePort();
    const bareServer = serve({ fetch: bare.fetch, port: barePort, hostname: '127.0.0.1' });

    const body = JSON.stringify({ cmd: 'get_user_profile', version: 2020, client: 'web' });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const apiUrl = `${stack.baseUrl}/api/user`;
    // DynamoDB Local's JIT and the servers warm up first; then rounds alternate which goes first, and
    // each figure is the median over rounds, so drift on this shared machine weighs on both alike.
    await load(bareUrl, body, headers, 8);
    await load(apiUrl, body, headers, 8);
    const bareRuns: LoadResult[] = [];
    const apiRuns: LoadResult[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        bareRuns.push(await load(bareUrl, body, headers));
        apiRuns.push(await load(apiUrl, body, headers));
      } else {
        apiRuns.push(await load(apiUrl, body, headers));
        bareRuns.push(await load(bareUrl, body, headers));
      }
    }
    bareServer.close();
    const ratios = apiRuns.map((run, i) => run.rps / bareRuns[i]!.rps);

    const signIn = await measureSignInRoute(stack.baseUrl);
    return { api: medianRun(apiRuns), bare: medianRun(bareRuns), ratio: median(ratios), signIn };
  } finally {
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
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const script = `const t=performance.now();await import(${JSON.stringify(bundle.handlerFile)});console.log(performance.now()-t)`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, AWS_REGION: 'us-east-1' },
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
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f = (n: number, digits = 1) => n.toFixed(digits);

console.log('Building the web app …');
const { build } = await import('vite');
await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'error' });
console.log(`Measuring the API (${rounds} rounds of ${seconds} s a run, ${connections} connections) …`);
const { api, bare, ratio, signIn } = await measureApi();
console.log('Synthesizing and measuring the Lambda bundles …');
const bundles = measureBundles();

const lines = [
  '| figure | value | budget |',
  '|---|---|---|',
  `| get_user_profile req/s | ${f(api.rps, 0)} (p50 ${api.p50} ms, p99 ${api.p99} ms) | |`,
  `| bare GetItem route req/s | ${f(bare.rps, 0)} (p50 ${f(bare.p50)} ms, p99 ${f(bare.p99)} ms) | |`,
  `| **API / bare throughput** (median of ${rounds} paired rounds) | **${f(ratio * 100)} %** | ≥ 70 % |`,
  `| errors / non-2xx (api, bare) | ${api.errors}/${api.non2xx}, ${bare.errors}/${bare.non2xx} | 0 |`,
  ...bundles.map((b) => `| bundle ${b.name} | ${f(b.kb)} KB min, cold import ${f(b.coldImportMs)} ms | < 300 KB, < 150 ms |`),
  `| sign-in route JS | ${f(signIn.gzip / 1024)} KB gzip (${signIn.files} files, ${f(signIn.raw / 1024)} KB raw) | < 200 KB gzip |`,
];
console.log(`\n${lines.join('\n')}\n`);
writeFileSync(join(outDir, 'results.json'), JSON.stringify({ date: new Date().toISOString(), api, bare, ratio, bundles, signIn }, null, 2));
console.log(`Written to ${join(outDir, 'results.json')}`);
