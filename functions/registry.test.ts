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
/** An endpoint's whole contract: `x.endpoint.ts` joining its parts, or its one module (`x.ts`, or `x.admin.ts`: usage). */
const contractModule = (name: string) =>
  import(['endpoint.ts', 'ts', 'admin.ts'].map((ending) => `../shared/contract/${name}.${ending}`).find((path) => existsSync(join(import.meta.dirname, path)))!);

type ContractLike = { path?: string; cmds?: Record<string, { role: string }> };
const contractsIn = (module: Record<string, unknown>) => Object.values(module as Record<string, ContractLike>).filter((value) => value?.path && value.cmds);
/**
 * Every part of an endpoint's contract: the endpoint's own modules in shared/contract/, and the parts a
 * feature declares in its folder of shared/ (`<feature>.contract.ts` for customers, `<feature>.admin.ts`).
 */
const contractParts = () => [
  ...sources('shared/contract').filter((name) => !NOT_ENDPOINTS.includes(name) && !name.endsWith('.endpoint.ts')).map((name) => `shared/contract/${name}`),
  ...dirs('shared')
    .filter((dir) => dir !== 'contract')
    .flatMap((dir) => sources(`shared/${dir}`).filter((name) => /\.(contract|admin)\.ts$/.test(name)).map((name) => `shared/${dir}/${name}`)),
];

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
    // Per endpoint its module, perhaps its admin module beside it, and the module joining its parts.
    const endpointOf = (name: string) => name.replace(/(\.admin|\.endpoint)?\.ts$/, '');
    const cmdEndpoints = Object.entries(endpoints).filter(([, unit]) => !('webhook' in unit));
    expect([...new Set(contractModules.map(endpointOf))].sort()).toEqual(cmdEndpoints.map(([name]) => name).sort());
    expect(allContracts.map((contract) => contract.path).sort()).toEqual(cmdEndpoints.map(([, unit]) => unit.path).sort());
  });

  it('keeps admin cmds in the admin parts and only there, so customer chunks never carry one', async () => {
    for (const path of contractParts()) {
      const roles = contractsIn(await import(`../${path}`)).flatMap((contract) => Object.values(contract.cmds!).map((def) => def.role));
      expect(roles.length, path).toBeGreaterThan(0);
      if (path.endsWith('.admin.ts')) expect(roles.every((role) => role === 'admin'), path).toBe(true);
      else expect(roles.includes('admin'), path).toBe(false);
    }
  });

  it("serves every part's cmds in its endpoint's whole contract (a feature's part joined in its `.endpoint.ts`)", async () => {
    const parts = await Promise.all(contractParts().map(async (path) => ({ path, contracts: contractsIn(await import(`../${path}`)) })));
    // The feature parts the test finds, so that a rename of the convention cannot make it pass on nothing.
    expect(parts.filter(({ path }) => !path.startsWith('shared/contract/')).length).toBeGreaterThan(0);
    for (const { path, contracts } of parts) {
      for (const part of contracts) {
        const whole = allContracts.find((contract) => contract.path === part.path);
        expect(whole, `${path}: ${part.path}`).toBeDefined();
        for (const [name, def] of Object.entries(part.cmds!)) expect(whole!.cmds[name], `${path}: ${name}`).toBe(def);
      }
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
