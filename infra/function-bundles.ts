import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A Node.js Lambda of the synthesized stack, with the bundle the deployment would upload. */
export interface FunctionBundle {
  /** The function's logical id in the template. */
  logicalId: string;
  /** Construct path below the stack, e.g. `Api/User/Function` or `Identity/PreSignUp/Function`. */
  constructPath: string;
  /** The asset directory in the cloud assembly (what is zipped and uploaded). */
  bundleDir: string;
  /** The file that exports the handler, e.g. `<bundleDir>/index.js`. */
  handlerFile: string;
  /**
   * How the Lambda runtime loads that file: `require` for CommonJS (`.cjs`, or `.js` without a package.json
   * saying "module" beside it), `import` for an ES module.
   */
  moduleFormat: 'commonjs' | 'module';
  /** The exported handler's name (`handler`). */
  handlerExport: string;
  /** Environment as in the template: literal strings or CloudFormation intrinsics ({ Ref: ... }). */
  environment: Record<string, unknown>;
}

interface TemplateResource {
  Type: string;
  Properties?: {
    Runtime?: string;
    Handler?: string;
    Code?: { S3Key?: unknown };
    Environment?: { Variables?: Record<string, unknown> };
  };
}

interface AssetManifest {
  files: Record<string, { displayName?: string; source: { path?: string } }>;
}

/**
 * Finds every Node.js function's bundle in a cloud assembly (cdk.out): the template's `Code.S3Key` is
 * `<asset hash>.zip`, and the stack's asset manifest maps that hash to the asset directory.
 */
export function findFunctionBundles(assemblyDir: string, stackName = 'PowerPortal'): FunctionBundle[] {
  const template = JSON.parse(readFileSync(path.join(assemblyDir, `${stackName}.template.json`), 'utf8')) as {
    Resources: Record<string, TemplateResource>;
  };
  const manifest = JSON.parse(readFileSync(path.join(assemblyDir, `${stackName}.assets.json`), 'utf8')) as AssetManifest;

  const bundles: FunctionBundle[] = [];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const props = resource.Properties;
    if (resource.Type !== 'AWS::Lambda::Function' || !props?.Runtime?.startsWith('nodejs')) continue;
    const key = props.Code?.S3Key;
    if (typeof key !== 'string') throw new Error(`${logicalId}: Code.S3Key is not an asset key`);
    const hash = key.replace(/\.zip$/, '');
    const asset = manifest.files[hash];
    if (!asset?.source.path) throw new Error(`${logicalId}: asset ${hash} is not in ${stackName}.assets.json`);

    const bundleDir = path.join(assemblyDir, asset.source.path);
    const [fileBase, handlerExport] = splitHandler(props.Handler ?? 'index.handler');
    const handlerFile = ['.mjs', '.js', '.cjs']
      .map((extension) => path.join(bundleDir, `${fileBase}${extension}`))
      .find((file) => existsSync(file));
    if (!handlerFile) throw new Error(`${logicalId}: no ${fileBase}.mjs/.js/.cjs in ${bundleDir}`);

    bundles.push({
      logicalId,
      constructPath: (asset.displayName ?? logicalId).replace(/\/Code$/, ''),
      bundleDir,
      handlerFile,
      moduleFormat: moduleFormatOf(handlerFile, bundleDir),
      handlerExport,
      environment: props.Environment?.Variables ?? {},
    });
  }
  return bundles;
}

/** The Lambda runtime's rule: `.mjs` is imported, `.cjs` required, `.js` imported only when the bundle's package.json says "module". */
function moduleFormatOf(handlerFile: string, bundleDir: string): 'commonjs' | 'module' {
  if (handlerFile.endsWith('.mjs')) return 'module';
  if (handlerFile.endsWith('.cjs')) return 'commonjs';
  const packageJson = path.join(bundleDir, 'package.json');
  const type = existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: string }).type : undefined;
  return type === 'module' ? 'module' : 'commonjs';
}

function splitHandler(handler: string): [string, string] {
  const dot = handler.lastIndexOf('.');
  return [handler.slice(0, dot), handler.slice(dot + 1)];
}
