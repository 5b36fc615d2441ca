import { Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { functionEnv, secrets, type ApiEndpointDefinition, type SecretName } from '../definitions';
import { PortalFunction } from '../portal-function';
import type { Data } from './data';
import type { Files } from './files';
import type { Identity } from './identity';

export interface ApiProps {
  readonly endpoints: readonly ApiEndpointDefinition[];
  readonly data: Data;
  readonly files: Files;
  readonly identity: Identity;
}

/** Served behind CloudFront at /api/*, so the routes carry the /api prefix themselves. */
export const apiPathPrefix = '/api';

/**
 * The HTTP API: one Lambda per endpoint of definitions.apiEndpoints at `POST /api/{path}`, each with
 * exactly the grants its definition names. Authentication is the handlers' job (aws-jwt-verify on the
 * access token), because public and signed-in commands share an endpoint.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<string, PortalFunction> = {};
  readonly secrets: Partial<Record<SecretName, Secret>> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { data, files, identity } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Portal API, served by CloudFront at /api/*',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.jsonWithStandardFields(),
      },
    });

    const environment = {
      [functionEnv.tableName]: data.table.tableName,
      [functionEnv.userPoolId]: identity.userPool.userPoolId,
      [functionEnv.userPoolClientId]: identity.appClient.userPoolClientId,
    };

    for (const endpoint of props.endpoints) {
      const fn = new PortalFunction(this, endpoint.id, {
        entry: endpoint.entry,
        description: `Portal API ${apiPathPrefix}/${endpoint.path}`,
        environment,
      });
      this.functions[endpoint.id] = fn;

      data.grantData(fn, endpoint.grants.table);
      for (const name of endpoint.grants.secrets ?? []) {
        const secret = this.secret(name);
        secret.grantRead(fn);
        fn.function.addEnvironment(`${secrets[name].env}_SECRET_ID`, secret.secretArn);
      }
      for (const grant of endpoint.grants.buckets ?? []) files.grantObjects(fn, grant.role, grant.access);
      if (endpoint.grants.cognito?.length) {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({ actions: [...endpoint.grants.cognito], resources: [identity.userPool.userPoolArn] }),
        );
      }

      const [route] = this.httpApi.addRoutes({
        path: `${apiPathPrefix}/${endpoint.path}`,
        methods: [HttpMethod.POST],
        integration: new HttpLambdaIntegration(`${endpoint.id}Integration`, fn.function, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
      if (route) {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'One endpoint serves public commands (e.g. register_user) and signed-in ones, so a gateway authorizer cannot decide; the handler verifies the Cognito access token (aws-jwt-verify) and the role per command from the shared contract.',
        });
      }
    }
  }

  /** A generated secret of definitions.secrets, created once however many functions read it. */
  private secret(name: SecretName): Secret {
    const existing = this.secrets[name];
    if (existing) return existing;
    const definition = secrets[name];
    const secret = new Secret(this, definition.id, {
      description: definition.description,
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The value is shared with a third party (the forum admin types it into Discourse), so it can only be rotated together with them; functions re-read it every five minutes, so a manual rotation needs no redeploy.',
    });
    this.secrets[name] = secret;
    return secret;
  }

  /** The API's host name, for a CloudFront origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
