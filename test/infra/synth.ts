import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import type { App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildApp, stackName, type BuildAppProps } from '../../infra/portal-app';
import { repoRoot } from '../../infra/paths';
import type { PortalStack } from '../../infra/portal-stack';
import { synthLogLine } from './synth-log';

export interface SynthesizedPortal {
  app: App;
  stack: PortalStack;
  /** The throw-away SPA build the stack deploys (see preparePortal). */
  webDir: string;
  assembly: CloudAssembly;
  template: Template;
  /** The raw template, for walking resources. */
  json: { Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }> };
  outdir: string;
  cleanup(): void;
}

export interface PreparedPortal {
  app: App;
  stack: PortalStack;
  outdir: string;
  /** The throw-away SPA build the stack deploys (see preparePortal). */
  webDir: string;
  cleanup(): void;
}

/** The entry chunk of the throw-away SPA build; its source map sits beside it, as Vite writes them. */
export const spaEntryChunk = 'assets/index-3f2a1b.js';

/**
 * Builds (does not synthesize) the portal app as `cdk synth` does, cdk-nag included, against a
 * throw-away SPA build laid out like Vite's: index.html, hashed chunks under assets/ with their source
 * maps, and Vite's .vite/manifest.json (the last two must never reach the web bucket). The work
 * directory sits under the repository's git-ignored .local/ so that the function bundles resolve the
 * AWS SDK from node_modules when a test loads them.
 */
export function preparePortal(props: Omit<BuildAppProps, 'webAssetPath' | 'outdir'> = {}): PreparedPortal {
  mkdirSync(path.join(repoRoot, '.local'), { recursive: true });
  const workDir = mkdtempSync(path.join(repoRoot, '.local', 'infra-test-'));
  const webDir = path.join(workDir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(webDir, spaEntryChunk), 'console.log("portal");\n//# sourceMappingURL=index-3f2a1b.js.map');
  writeFileSync(path.join(webDir, `${spaEntryChunk}.map`), '{"version":3,"sources":["../src/main.tsx"],"mappings":""}');
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: spaEntryChunk } }));

  const outdir = path.join(workDir, 'cdk.out');
  const cleanup = () => rmSync(workDir, { recursive: true, force: true });
  try {
    const { app, stack } = buildApp({ ...props, webAssetPath: webDir, outdir });
    return { app, stack, outdir, webDir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/**
 * Context for a build whose checks read the template or the construct tree, never a function's code: the
 * CDK skips bundling the functions (esbuild through npx, a second or so each) and stages placeholders.
 */
export const WITHOUT_BUNDLING = { 'aws:cdk:bundling-stacks': [] } as const;

/** Builds and synthesizes the portal; an unacknowledged cdk-nag finding throws here. */
export function synthPortal(props: Omit<BuildAppProps, 'webAssetPath' | 'outdir'> = {}): SynthesizedPortal {
  const prepared = preparePortal(props);
  let assembly: CloudAssembly;
  try {
    assembly = prepared.app.synth();
  } catch (error) {
    prepared.cleanup();
    throw error;
  }
  const json = assembly.getStackByName(stackName).template as SynthesizedPortal['json'];
  return { ...prepared, assembly, json, template: Template.fromJSON(json) };
}

let shared: SynthesizedPortal | undefined;

/**
 * The portal as `cdk synth` builds it (default props), synthesized once per test run with cdk-nag, but
 * without bundling the functions: the checks read the template and the construct tree, never a
 * function's code (the bundles as uploaded are checked in test/integration/deployed-bundles.test.ts,
 * whose synth bundles them anyway). The construct tree (logical ids, annotations, cdk-nag's own walk)
 * cannot cross processes, so the infra checks are one test file (infra.test.ts) and share this one; the
 * project's global setup fails a run that synthesized it twice. Read it, never change it: its cleanup is
 * a no-op, its files go at the end of the run. A test that needs other props or a changed app
 * synthesizes its own (synthPortal, preparePortal).
 */
export function sharedPortal(): SynthesizedPortal {
  if (!shared) {
    const portal = synthPortal({ context: WITHOUT_BUNDLING });
    // The global setup counts these lines at the end of the run (more than one fails it) and removes the
    // folder each names: a worker's 'exit' handlers do not run when vitest ends it.
    appendFileSync(inject('infraSynthLog'), `${synthLogLine(process.pid, path.dirname(portal.outdir))}\n`);
    shared = { ...portal, cleanup: () => undefined };
  }
  return shared;
}

/** The logical id CloudFormation knows a construct's resource by. */
export function logicalIdOf(stack: PortalStack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as Parameters<PortalStack['getLogicalId']>[0]);
}

type Resources = SynthesizedPortal['json']['Resources'];
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

export const ref = (logicalId: string) => ({ Ref: logicalId });
export const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
export const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

export function resourcesOfType(resources: Resources, type: string) {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** Every statement of the IAM policies attached to the given role. */
export function statementsOfRole(resources: Resources, roleLogicalId: string): Statement[] {
  return resourcesOfType(resources, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles) === JSON.stringify([ref(roleLogicalId)]))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

/**
 * The directory a template asset key (`<hash>.zip`, as in Code.S3Key or SourceObjectKeys) was staged
 * to, from the stack's asset manifest (as infra/function-bundles.ts finds function bundles).
 */
export function assetDirOf(outdir: string, key: string): string {
  const manifest = JSON.parse(readFileSync(path.join(outdir, `${stackName}.assets.json`), 'utf8')) as {
    files: Record<string, { source: { path?: string; packaging?: string } }>;
  };
  const hash = key.replace(/\.zip$/, '');
  const source = manifest.files[hash]?.source;
  if (!source?.path) throw new Error(`asset ${hash} is not in ${stackName}.assets.json`);
  return path.join(outdir, source.path);
}

/** Every file below a directory, as paths relative to it with forward slashes. */
export function filesBelow(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
