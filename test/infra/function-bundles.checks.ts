import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findFunctionBundles, type FunctionBundle } from '../../infra/function-bundles';
import { repoRoot } from '../../infra/paths';
import { endpoints, jobs, triggers } from '../../functions/registry';
import { sharedPortal, type SynthesizedPortal } from './synth';

let portal: SynthesizedPortal;
let bundles: FunctionBundle[];
beforeAll(() => {
  portal = sharedPortal();
  bundles = findFunctionBundles(portal.outdir);
});

const expectedPaths = [
  ...Object.values(endpoints).map((endpoint) => `Api/${endpoint.construct}/Function`),
  ...Object.values(triggers).map((trigger) => `Identity/${trigger.construct}/Function`),
  ...Object.values(jobs).map((job) => `Jobs/${job.construct}/Function`),
];

describe('function bundles in the cloud assembly', () => {
  it('are found for every endpoint, trigger and job of the registry', () => {
    expect(bundles.map((b) => b.constructPath).sort()).toEqual([...expectedPaths].sort());
  });

  it.each(expectedPaths)('%s is one minified CommonJS file with an external source map, the AWS SDK left to the runtime', (constructPath) => {
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

  it.each(expectedPaths)('%s loads in plain Node.js and exports its handler', (constructPath) => {
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
