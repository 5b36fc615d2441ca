import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal, type IGrantable, type IPrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fromRepoRoot, repoRoot } from './paths';

/**
 * The bundle is CommonJS, as the AWS SDK it leaves to the runtime is: an ES module bundle imports each SDK
 * package through Node's ESM-to-CommonJS bridge, which parses the SDK's large CommonJS files once more to
 * find their exports, about a third of a cold start's import time (decision 031). A package.json beside
 * the bundle says so, whatever package.json is above it (the repository's says "module").
 */
const commonJsPackage = (outputDir: string) => [`echo '{"type":"commonjs"}' > "${outputDir}/package.json"`];

export interface PortalFunctionProps {
  /** Handler entry file, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  /** Environment variables beyond those wireFunction adds; NODE_OPTIONS for source maps is added here. */
  readonly environment?: Record<string, string>;
  readonly description?: string;
  /** @default 512 MB */
  readonly memoryMb?: number;
  /** @default 20 seconds (below the HTTP API's 30-second integration limit) */
  readonly timeout?: Duration;
}

/**
 * One Lambda of the portal with the settings every function shares, set once: runtime, ARM64, memory,
 * a CommonJS bundle with source maps and the AWS SDK left to the runtime, its own log group with a
 * retention, and its own role that may write only to that log group (no AWS managed policy); grants
 * are added by the construct that wires the function.
 */
export class PortalFunction extends Construct implements IGrantable {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** The function's environment as the template will hold it. */
  readonly environment: Record<string, string> = {};

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${id} function`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: fromRepoRoot(props.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: fromRepoRoot('package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? 512,
      timeout: props.timeout ?? Duration.seconds(20),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.CJS,
        target: 'node22',
        // Dependencies' ES module builds: esbuild tree-shakes those, not CommonJS ones.
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        sourcesContent: false,
        externalModules: ['@aws-sdk/*'],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) => commonJsPackage(outputDir),
        },
      },
    });
    // The role's log permission must exist before the function can log its first invocation.
    this.function.node.addDependency(this.role);
    for (const [name, value] of Object.entries(props.environment ?? {})) this.addEnvironment(name, value);
  }

  addEnvironment(name: string, value: string): void {
    this.environment[name] = value;
    this.function.addEnvironment(name, value);
  }

  /** Grants go to the function's own role. */
  get grantPrincipal(): IPrincipal {
    return this.role;
  }
}
