/**
 * Where a warm call's CPU goes: the endpoint apps of get_user_profile and the desktop get_licenses served
 * in-process (app.fetch, as the bench's endpoint layer serves them, without HTTP), a bare GetItem beside
 * them, each under the inspector's CPU profiler; prints calls a second, store calls a request and the top
 * self-time functions. PROFILE_CALLS (default 20,000) calls a variant, 10 at a time.
 */
import '../local/env-defaults';
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { secrets } from '../../functions/registry';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { startLocalStack } from '../local/stack';
import { benchCalls, load as loadOnce } from './bench-calls';

const only = process.env.PROFILE_ONLY?.split(',');
const outDir = resolve('.bench/profile');
mkdirSync(outDir, { recursive: true });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
  children?: number[];
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url.replace(/^.*node_modules\//, 'nm/').replace(/^.*\/speed\//, '');
  return `${functionName || '(anon)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
}

function topSelf(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, count = 40) {
  const total = profile.samples.length;
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + node.hitCount);
  }
  // Inclusive (synchronous subtree) time of the project's own functions.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totalOf = new Map<number, number>();
  const subtree = (node: ProfileNode): number => {
    const known = totalOf.get(node.id);
    if (known !== undefined) return known;
    const sum = node.hitCount + (node.children ?? []).reduce((acc, child) => acc + subtree(byId.get(child)!), 0);
    totalOf.set(node.id, sum);
    return sum;
  };
  const inclusive = new Map<string, number>();
  const visit = (node: ProfileNode, onStack: Set<string>) => {
    const key = keyOf(node);
    const own = !node.callFrame.url.includes('node_modules') && /\/(functions|scripts)\//.test(node.callFrame.url);
    if (own && !onStack.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + subtree(node));
    const next = own ? new Set([...onStack, key]) : onStack;
    for (const child of node.children ?? []) visit(byId.get(child)!, next);
  };
  visit(profile.nodes[0]!, new Set());
  const ownLines = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} % ${key}`);
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const url = node.callFrame.url;
    const pkg = url.includes('node_modules/')
      ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : url.replace(/^.*\/speed\//, '') || node.callFrame.functionName;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + node.hitCount);
  }
  const lines = [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} % ${key}`);
  const files = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} % ${key}`);
  return { lines, files, ownLines };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-profile-'));
  const stack = await startLocalStack({ dataDir, dynamoDbInMemory: true, jobIntervalMinutes: 0 });
  try {
    const { documentClient } = await import('../../functions/lib/db/table');
    const { runAs } = await import('../../functions/lib/runtime-env');
    const { loadEndpointApp, unitRuntime } = await import('../local/units');
    const userRuntime = unitRuntime({ endpoint: 'user' }, stack.functionEnv);
    const licRuntime = unitRuntime({ endpoint: 'lic' }, stack.functionEnv);
    const { token, seatToken, sub, userRead, profileBody, desktopBody, reserveBodies } = await benchCalls(stack, userRuntime);
    let storeCalls = 0;
    documentClient.middlewareStack.add(
      (next) => (args) => {
        storeCalls++;
        return next(args);
      },
      { step: 'initialize', name: 'countCalls' },
    );
    const userApp = await loadEndpointApp('user');
    const licApp = await loadEndpointApp('lic');
    const originSecret = stack.functionEnv[secrets.originVerify.env]!;
    if (process.env.PROFILE_INPROCESS) {
      // In this process, no HTTP: the app's own CPU a call against the bare read's, many short rounds
      // alternating, so what other processes do weighs on both alike.
      const request = (path: string, body: string, bearer = token) =>
        new Request(`http://127.0.0.1${path}`, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            authorization: `Bearer ${bearer}`,
            [ORIGIN_VERIFY_HEADER]: originSecret,
          },
        });
      // Ablations without the store: a bare Hono app reading the body, and the pipeline with a handler answering a constant.
      const { Hono } = await import('hono/tiny');
      const { createEndpointApp } = await import('../../functions/endpoint');
      const { userEndpointContract } = await import('../../shared/contract/user.endpoint');
      const profile = { id: 1, username: 'demo', email: 'demo@example.com', first_name: 'D', last_name: 'E', company: '', beta_access: false, legacy: false, expiry_notices: true };
      // A bare Hono route that reads the body and a header, as the pipeline does, and answers `data()`.
      const honoRoute = (data: () => unknown) =>
        new Hono().basePath('/api/user').post('/', async (c) => {
          await c.req.json();
          c.req.header('authorization');
          return c.json({ status: 'ok', data: await data() });
        });
      const tiny = honoRoute(() => profile);
      const pipeline = createEndpointApp(userEndpointContract, { get_user_profile: async () => profile } as never);
      const { findUserBySub } = await import('../../functions/domain/users/users.repository');
      const tinyRepo = honoRoute(() => findUserBySub(sub));
      const tinyGet = honoRoute(async () => (await documentClient.send(new GetCommand(userRead))).Item);
      const pipelineRepo = createEndpointApp(userEndpointContract, { get_user_profile: async () => (await findUserBySub(sub))! } as never);
      const ok = async (response: Response) => {
        if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
        return response.text();
      };
      let reserveTurn = 0;
      let rewriteTurn = 0;
      /** A reservation body whose machine goes by another name on every other turn. */
      const renamed = (body: string, turn: number) => {
        const parsed = JSON.parse(body) as { payload: string };
        const machine = JSON.parse(Buffer.from(parsed.payload, 'base64url').toString()) as { hostname: string };
        return JSON.stringify({ ...parsed, payload: Buffer.from(JSON.stringify({ ...machine, hostname: `${machine.hostname}-${Math.floor(turn / 10) % 2}` })).toString('base64url') });
      };
      const calls: Record<string, () => Promise<unknown>> = {
        repo: async () => JSON.stringify(await runAs(userRuntime, () => findUserBySub(sub))),
        honoGet: async () => ok(await runAs(userRuntime, () => tinyGet.fetch(request('/api/user', profileBody)))),
        honoRepo: async () => ok(await runAs(userRuntime, () => tinyRepo.fetch(request('/api/user', profileBody)))),
        pipelineRepo: async () => ok(await runAs(userRuntime, () => pipelineRepo.fetch(request('/api/user', profileBody)))),
        hono: async () => ok(await tiny.fetch(request('/api/user', profileBody))),
        pipeline: async () => ok(await runAs(userRuntime, () => pipeline.fetch(request('/api/user', profileBody)))),
        bare: async () => JSON.stringify({ status: 'ok', data: (await documentClient.send(new GetCommand(userRead))).Item }),
        endpoint: async () => ok(await runAs(userRuntime, () => userApp.fetch(request('/api/user', profileBody)))),
        desktop: async () => ok(await runAs(licRuntime, () => licApp.fetch(request('/api/lic/5', desktopBody)))),
        // The holding machines' reservations (their renewals), each of the ten in turn.
        reserve: async () => ok(await runAs(licRuntime, () => licApp.fetch(request('/api/lic/5', reserveBodies[(reserveTurn++) % reserveBodies.length]!, seatToken)))),
        // The same machines under another name each time: every call writes the reservation (the seat's transaction).
        rewrite: async () => {
          const turn = rewriteTurn++;
          return ok(await runAs(licRuntime, () => licApp.fetch(request('/api/lic/5', renamed(reserveBodies[turn % reserveBodies.length]!, turn), seatToken))));
        },
      };
      const { PerformanceObserver } = await import('node:perf_hooks');
      let gcMs = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => (gcMs += entry.duration))).observe({ entryTypes: ['gc'] });
      const gcPerCall: Record<string, number[]> = {};
      const storePerCall: Record<string, number> = {};
      const drive = async (work: () => Promise<unknown>, count: number, name = '') => {
        let left = count;
        await new Promise((resolve) => setImmediate(resolve));
        const gcBefore = gcMs;
        const storeBefore = storeCalls;
        const before = process.cpuUsage();
        await Promise.all(Array.from({ length: 10 }, async () => { while (left-- > 0) await work(); }));
        const cpu = process.cpuUsage(before);
        await new Promise((resolve) => setImmediate(resolve));
        (gcPerCall[name] ??= []).push(((gcMs - gcBefore) * 1000) / count);
        storePerCall[name] = (storeCalls - storeBefore) / count;
        return (cpu.user + cpu.system) / count;
      };
      for (const name of Object.keys(calls)) if (only && !only.includes(name) && name !== 'bare') delete calls[name];
      for (const work of Object.values(calls)) await drive(work, 3000);
      const perCall: Record<string, number[]> = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
      const rounds = Number(process.env.PROFILE_ROUNDS ?? 10);
      for (let round = 0; round < rounds; round++) for (const [name, work] of Object.entries(calls)) perCall[name]!.push(await drive(work, 2000, name));
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      for (const [name, values] of Object.entries(perCall)) {
        console.log(`${name.padEnd(9)} CPU ${median(values).toFixed(0).padStart(5)} µs a call (${values.map((v) => v.toFixed(0)).join(' ')}); over bare ${median(values.map((v, i) => v - perCall.bare![i]!)).toFixed(0)} µs; GC ${median(gcPerCall[name]!).toFixed(0)} µs a call; ${storePerCall[name]!.toFixed(2)} store calls a call`);
      }
      return;
    }
    const { serve } = await import('@hono/node-server');
    const { Hono } = await import('hono');
    const { freePort } = await import('../local/net');
    const bare = new Hono().post('/', async (c) => {
      const { Item } = await documentClient.send(new GetCommand(userRead));
      return c.json({ status: 'ok', data: Item });
    });
    // The floor plus what any endpoint must do: read the body and the headers it is given.
    const bareBody = new Hono().post('/', async (c) => {
      await c.req.json();
      c.req.header('authorization');
      const { Item } = await documentClient.send(new GetCommand(userRead));
      return c.json({ status: 'ok', data: Item });
    });
    // The decomposition of a call without the store: the bare route answering a constant, and the whole
    // pipeline with a handler answering a constant; with the two store-reading variants they say whether
    // the same GetItem costs more inside the pipeline's request than in the bare route.
    const constant = { id: 1, username: 'demo', email: 'demo@example.com', first_name: 'D', last_name: 'E' };
    const bareConst = new Hono().post('/', (c) => c.json({ status: 'ok', data: constant }));
    const { createEndpointApp } = await import('../../functions/endpoint');
    const { userEndpointContract } = await import('../../shared/contract/user.endpoint');
    const serveAt = async (fetch: (request: Request) => Response | Promise<Response>) => {
      const at = await freePort();
      extraServers.push(serve({ fetch, port: at, hostname: '127.0.0.1' }));
      return `http://127.0.0.1:${at}`;
    };
    const extraServers: { close(): unknown }[] = [];
    const bareConstUrl = `${await serveAt(bareConst.fetch)}/`;
    // The bare route's GetItem made as the pipeline makes it: inside the unit's runtime and the call's record (AsyncLocalStorage).
    const { withCall } = await import('../../functions/lib/call-context');
    const bareAls = new Hono().post('/', (c) =>
      runAs(userRuntime, () =>
        withCall({ endpoint: 'user', request_id: 'r' }, async () => {
          const { Item } = await documentClient.send(new GetCommand(userRead));
          return c.json({ status: 'ok', data: Item });
        }),
      ),
    );
    const bareAlsUrl = `${await serveAt(bareAls.fetch)}/`;
    const servePipeline = async (handler: () => Promise<unknown>) => {
      const pipelineApp = createEndpointApp(userEndpointContract, { get_user_profile: handler } as never);
      const url = await serveAt((request) => {
        request.headers.set(ORIGIN_VERIFY_HEADER, originSecret);
        return runAs(userRuntime, () => pipelineApp.fetch(request));
      });
      return `${url}/api/user`;
    };
    const pipelineConstUrl = await servePipeline(async () => constant);
    // The pipeline whose handler makes the bare route's GetItem, and the repository's read of the same record.
    const pipelineGetUrl = await servePipeline(async () => {
      await documentClient.send(new GetCommand(userRead));
      return constant;
    });
    const { findUserBySub: findUser } = await import('../../functions/domain/users/users.repository');
    const pipelineRepoUrl = await servePipeline(async () => {
      await findUser(sub);
      return constant;
    });
    const bareBodyPort = await freePort();
    const bareBodyServer = serve({ fetch: bareBody.fetch, port: bareBodyPort, hostname: '127.0.0.1' });
    const port = await freePort();
    const bareServer = serve({ fetch: bare.fetch, port, hostname: '127.0.0.1' });
    const endpointPort = await freePort();
    const endpointServer = serve({
      fetch: (request) => {
        request.headers.set(ORIGIN_VERIFY_HEADER, originSecret);
        return runAs(userRuntime, () => userApp.fetch(request));
      },
      port: endpointPort,
      hostname: '127.0.0.1',
    });
    void licRuntime;
    void licApp;
    const variants: Record<string, [string, string]> = {
      bare: [`http://127.0.0.1:${port}/`, profileBody],
      bareBody: [`http://127.0.0.1:${bareBodyPort}/`, profileBody],
      bareConst: [bareConstUrl, profileBody],
      bareAls: [bareAlsUrl, profileBody],
      pipelineConst: [pipelineConstUrl, profileBody],
      pipelineGet: [pipelineGetUrl, profileBody],
      pipelineRepo: [pipelineRepoUrl, profileBody],
      endpoint: [`http://127.0.0.1:${endpointPort}/api/user`, profileBody],
      api: [`${stack.baseUrl}/api/user`, profileBody],
      desktop: [`${stack.baseUrl}/api/lic/5`, desktopBody],
    };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const load = (url: string, body: string, duration: number) => loadOnce(url, body, headers, { connections: 10, duration });
    const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
    for (const [url, body] of Object.values(variants)) await load(url, body, 4);
    // Rounds of every variant in a rotating order: the process's CPU a call, and its ratio to the bare
    // route's in the same round (the figure the bench's throughput ratio follows on a loaded machine).
    const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
    const names = Object.keys(variants).filter((name) => !only || only.includes(name) || name === 'bare');
    const perCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    // The kernel's part of it (system time: the sockets' writes and reads, loopback delivery included).
    const systemPerCall: Record<string, number[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        const [url, body] = variants[name]!;
        const before = process.cpuUsage();
        const run = await load(url, body, seconds);
        const cpu = process.cpuUsage(before);
        perCall[name]!.push((cpu.user + cpu.system) / run.total);
        (systemPerCall[name] ??= []).push(cpu.system / run.total);
        rates[name]!.push(run.rps);
      }
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    for (const name of names) {
      const ratios = perCall[name]!.map((us, i) => perCall.bare![i]! / us);
      const rpsRatios = rates[name]!.map((rps, i) => rps / rates.bare![i]!);
      console.log(
        `${name.padEnd(13)} CPU ${median(perCall[name]!).toFixed(0).padStart(5)} µs a call (${perCall[name]!.map((us) => us.toFixed(0)).join(' ')}), system ${median(systemPerCall[name]!).toFixed(0)}; bare/this ${ratios.map((r) => (100 * r).toFixed(1)).join(' ')} %; rps ratio ${rpsRatios.map((r) => (100 * r).toFixed(1)).join(' ')} %`,
      );
    }
    if (!process.env.PROFILE) {
      extraServers.forEach((server) => server.close());
      bareServer.close();
      bareBodyServer.close();
      endpointServer.close();
      return;
    }
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    for (const [name, [url, body]] of Object.entries(variants)) {
      if (only && !only.includes(name)) continue;
      storeCalls = 0;
      const before = process.cpuUsage();
      await session.post('Profiler.start');
      const run = await load(url, body, seconds);
      const { profile } = await session.post('Profiler.stop');
      const cpu = process.cpuUsage(before);
      writeFileSync(join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ calls: run.total, rps: run.rps, cpuPerCall: (cpu.user + cpu.system) / run.total }));
      const { lines, files, ownLines } = topSelf(profile as never);
      console.log(
        `\n=== ${name}: ${run.rps.toFixed(0)} calls/s (${run.non2xx} not 2xx), ${(storeCalls / run.total).toFixed(2)} store calls a call, ${((cpu.user + cpu.system) / run.total).toFixed(0)} µs process CPU a call`,
      );
      if (process.env.PROFILE === 'quiet') continue;
      console.log('--- by package/file');
      console.log(files.join('\n'));
      console.log('--- by function (self)');
      console.log(lines.join('\n'));
      console.log('--- own functions (inclusive, synchronous)');
      console.log(ownLines.join('\n'));
    }
    session.disconnect();
    extraServers.forEach((server) => server.close());
    bareServer.close();
    bareBodyServer.close();
    endpointServer.close();
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
