/**
 * The part of `@aws-sdk/client-ssm` that portal-address.ts uses. The package is not among the project's
 * dependencies yet; the bundles leave every `@aws-sdk/*` package to the Lambda runtime, which carries the
 * whole SDK, this client included, so only the types are missing here. Delete this file once the package
 * is a dependency: this declaration would hide the package's own types.
 */
declare module '@aws-sdk/client-ssm' {
  export class SSMClient {
    constructor(config?: object);
    send(command: GetParameterCommand): Promise<{ Parameter?: { Value?: string } }>;
  }
  export class GetParameterCommand {
    constructor(input: { Name: string; WithDecryption?: boolean });
  }
}
