import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allContracts } from '../shared/contract/all';
import { endpoints, jobs, triggers, type EndpointUnit } from './registry';

const root = join(import.meta.dirname, '..');
const dirs = (path: string) => readdirSync(join(root, path), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
/** The contract folder's modules that declare no endpoint: the helpers and the limits the contracts name. */
const NOT_ENDPOINTS = ['define.ts', 'all.ts', 'limits.ts'];
const sources = (path: string) => readdirSync(join(root, path)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
/** An endpoint's contract module: `x.ts`, or `x.admin.ts` for an endpoint of admin cmds only (usage). */
const contractModule = (name: string) =>
  import(existsSync(join(root, 'shared/contract', `${name}.ts`)) ? `../shared/contract/${name}.ts` : `../shared/contract/${name}.admin.ts`);

/** Contract modules, registry and folders must tell one story: an endpoint is one unit in five places. */
describe('the registry', () => {
  it('has, for each endpoint, a contract module with its path (a webhook has none), an app and a Lambda entry', async () => {
    for (const [name, unit] of Object.entries(endpoints)) {
      expect(existsSync(join(root, 'functions', name, 'app.ts')), `functions/${name}/app.ts`).toBe(true);
      expect(existsSync(join(root, 'functions', name, 'index.ts')), `functions/${name}/index.ts`).toBe(true);
      if ('webhook' in unit) continue;
      const module = (await contractModule(name)) as Record<string, { path?: string }>;
      expect(Object.values(module).some((value) => value?.path === unit.path), `shared/contract/${name}.ts`).toBe(true);
    }
  });

  it('knows every endpoint folder of functions/ and every contract module', () => {
    const platform = ['lib', 'domain', 'triggers', 'jobs'];
    expect(dirs('functions').filter((name) => !platform.includes(name)).sort()).toEqual(Object.keys(endpoints).sort());
    const contractModules = sources('shared/contract').filter((name) => !NOT_ENDPOINTS.includes(name));
    // Per endpoint its module, and perhaps its admin module beside it.
    const endpointOf = (name: string) => name.replace(/(\.admin)?\.ts$/, '');
    const cmdEndpoints = Object.entries(endpoints).filter(([, unit]) => !('webhook' in unit));
    expect([...new Set(contractModules.map(endpointOf))].sort()).toEqual(cmdEndpoints.map(([name]) => name).sort());
    expect(allContracts.map((contract) => contract.path).sort()).toEqual(cmdEndpoints.map(([, unit]) => unit.path).sort());
  });

  it('keeps admin cmds in the admin modules and only there, so customer chunks never carry one', async () => {
    for (const name of sources('shared/contract').filter((file) => !NOT_ENDPOINTS.includes(file))) {
      const module = (await import(`../shared/contract/${name}`)) as Record<string, { path?: string; cmds?: Record<string, { role: string }> }>;
      const roles = Object.values(module)
        .filter((value) => value?.path && value.cmds)
        .flatMap((contract) => Object.values(contract.cmds!).map((def) => def.role));
      expect(roles.length, name).toBeGreaterThan(0);
      if (name.endsWith('.admin.ts')) expect(roles.every((role) => role === 'admin'), name).toBe(true);
      else expect(roles.includes('admin'), name).toBe(false);
    }
  });

  it('routes to each endpoint exactly the paths its contract answers as not offered', async () => {
    for (const [name, unit] of Object.entries(endpoints)) {
      if ('webhook' in unit) continue;
      const module = (await contractModule(name)) as Record<string, { path?: string; notOfferedEndpoints?: Record<string, string> }>;
      const contract = Object.values(module).find((value) => value?.path === unit.path)!;
      const routed = (unit as EndpointUnit).notOfferedPaths ?? [];
      expect([...routed].sort(), name).toEqual(Object.keys(contract.notOfferedEndpoints ?? {}).sort());
    }
  });

  it('lists exactly the trigger and job files', () => {
    expect(sources('functions/triggers').map((name) => name.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(triggers).sort());
    expect(sources('functions/jobs').map((name) => name.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(jobs).sort());
  });

  it('gives every unit a distinct construct id', () => {
    const ids = [...Object.values(endpoints), ...Object.values(triggers), ...Object.values(jobs)].map((unit) => unit.construct);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
