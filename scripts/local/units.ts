import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { ENV } from '../../shared/runtime';
import {
  endpointNeeds,
  endpoints,
  environmentNames,
  jobs,
  triggers,
  type EndpointName,
  type FunctionNeeds,
  type JobName,
  type TriggerName,
} from '../../functions/registry';
import { runAs, type FunctionRuntime } from '../../functions/lib/runtime-env';

/** Variables every unit gets locally: the AWS SDK's own settings (region, endpoints of the emulators, keys). */
const sdkVariables = (env: Record<string, string>) => Object.keys(env).filter((name) => name.startsWith('AWS_'));

export type UnitRef = { endpoint: EndpointName } | { trigger: TriggerName } | { job: JobName };

export const unitName = (unit: UnitRef): string => ('endpoint' in unit ? unit.endpoint : 'trigger' in unit ? unit.trigger : unit.job);

export function unitNeeds(unit: UnitRef): FunctionNeeds {
  if ('endpoint' in unit) return endpointNeeds(endpoints[unit.endpoint]);
  return 'trigger' in unit ? triggers[unit.trigger].needs : jobs[unit.job].needs;
}

/**
 * A unit as the local stack runs it: with only the variables the registry gives it in AWS (plus the
 * local stand-ins of what AWS provides: the emulators' issuer, the local mailbox and newsletter files),
 * so a unit that reads something it is not given fails here as it would there.
 */
export function unitRuntime(unit: UnitRef, stackEnv: Record<string, string>): FunctionRuntime {
  const needs = unitNeeds(unit);
  const names = [
    ...sdkVariables(stackEnv),
    ...environmentNames(needs),
    ...(needs.poolIds ? [ENV.cognitoIssuer, ENV.sessionRecheckSeconds] : []),
    ...(needs.mail ? [ENV.localMailboxFile] : []),
    ...(needs.newsletter ? [ENV.localNewsletterFile] : []),
  ];
  const env = Object.fromEntries(names.flatMap((name) => (stackEnv[name] !== undefined ? [[name, stackEnv[name]]] : [])));
  return { name: unitName(unit), needs, env: Object.freeze(env) };
}

const fromRoot = (path: string) => pathToFileURL(resolve(path)).href;

/** An endpoint's Hono app (functions/{name}/app.ts). */
export async function loadEndpointApp(name: EndpointName): Promise<Hono> {
  return ((await import(fromRoot(`functions/${name}/app.ts`))) as { app: Hono }).app;
}

type Handler = (event: unknown) => Promise<unknown>;

/**
 * A trigger's or job's handler, run as its unit; `runtimeOf` may give each call another environment
 * (a test stack's tenant: scripts/local/tenants.ts).
 */
export async function loadUnitHandler(
  unit: { trigger: TriggerName } | { job: JobName },
  stackEnv: Record<string, string>,
  runtimeOf: (runtime: FunctionRuntime, event: unknown) => FunctionRuntime = (runtime) => runtime,
): Promise<Handler> {
  const file = 'trigger' in unit ? `functions/triggers/${unit.trigger}.ts` : `functions/jobs/${unit.job}.ts`;
  const { handler } = (await import(fromRoot(file))) as { handler: Handler };
  const runtime = unitRuntime(unit, stackEnv);
  return (event) => runAs(runtimeOf(runtime, event), () => handler(event));
}
