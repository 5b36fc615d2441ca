import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildApp, stackName, type BuildAppProps } from '../../infra/portal-app';
import { repoRoot } from '../../infra/paths';
import type { PortalStack } from '../../infra/portal-stack';

export interface SynthesizedPortal {
  app: App;
  stack: PortalStack;
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
  cleanup(): void;
}

/**
 * Builds (does not synthesize) the portal app as `cdk synth` does, cdk-nag included, against a
 * throw-away SPA build. The work directory sits under the repository's git-ignored .local/ so that the
 * function bundles resolve the AWS SDK from node_modules when a test loads them.
 */
export function preparePortal(props: Omit<BuildAppProps, 'webAssetPath' | 'outdir'> = {}): PreparedPortal {
  mkdirSync(path.join(repoRoot, '.local'), { recursive: true });
  const workDir = mkdtempSync(path.join(repoRoot, '.local', 'infra-test-'));
  const webDir = path.join(workDir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'index-3f2a1b.js'), 'console.log("portal");');

  const outdir = path.join(workDir, 'cdk.out');
  const cleanup = () => rmSync(workDir, { recursive: true, force: true });
  try {
    const { app, stack } = buildApp({ ...props, webAssetPath: webDir, outdir });
    return { app, stack, outdir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

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
