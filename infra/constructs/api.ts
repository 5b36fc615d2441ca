import { Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_PREFIX } from '../../shared/runtime';
import { endpointNeeds, type EndpointUnit } from '../../functions/registry';
import { tokenPaths } from '../../functions/lib/files/buckets';
import { wireFunction, type WiringTargets } from '../function-wiring';
import { PortalFunction } from '../portal-function';

export interface ApiProps {
  /** The endpoints to deploy, by registry name. */
  readonly endpoints: Readonly<Record<string, EndpointUnit>>;
  readonly targets: WiringTargets;
}

/**
 * The HTTP API: one Lambda per registry endpoint at `POST /api/{path}`, each wired to exactly what its
 * needs say, each route with its own throttle, so a burst on one endpoint cannot starve the others.
 * Authentication is the handlers' job (aws-jwt-verify), because public and signed-in commands share
 * an endpoint; the handlers also refuse any request that did not come through CloudFront.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** Functions by registry name. */
  readonly functions: Record<string, PortalFunction> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Portal API, served by CloudFront at /api/*',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    const routeThrottles: Record<string, { rate: number; burst: number }> = {};
    const routes: Construct[] = [];

    for (const [name, endpoint] of Object.entries(props.endpoints)) {
      const fn = new PortalFunction(this, endpoint.construct, {
        entry: `functions/${name}/index.ts`,
        description: `Portal API ${API_PREFIX}/${endpoint.path}`,
        ...('memoryMb' in endpoint ? { memoryMb: endpoint.memoryMb } : {}),
      });
      wireFunction(fn, endpointNeeds(endpoint), props.targets);
      this.functions[name] = fn;

      const integration = new HttpLambdaIntegration(`${endpoint.construct}Integration`, fn.function, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      });
      // Its own path, and the paths of names the portal does not offer that it answers (decision 036).
      const notOffered = endpoint.notOfferedPaths ?? [];
      // And GET below the paths of signed files a caller's token opens through it (files/buckets.ts `byToken`).
      const byToken = tokenPaths(API_PREFIX).filter((route) => route.endpoint === endpoint.path);
      const routeKeys: [HttpMethod, string][] = [
        ...[endpoint.path, ...notOffered].map((path): [HttpMethod, string] => [HttpMethod.POST, `${API_PREFIX}/${path}`]),
        ...byToken.map(({ apiPath }): [HttpMethod, string] => [HttpMethod.GET, `${apiPath}/{proxy+}`]),
      ];
      for (const [method, path] of routeKeys) {
        const routeKey = `${method} ${path}`;
        routeThrottles[routeKey] = endpoint.throttle;
        const [route] = this.httpApi.addRoutes({ path, methods: [method], integration });
        if (route) {
          routes.push(route);
          Validations.of(route).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason:
              'One endpoint serves public commands and signed-in ones, so a gateway authorizer cannot decide; the handler verifies the Cognito token (aws-jwt-verify) and the role per command from the shared contract.',
          });
        }
      }
    }

    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.jsonWithStandardFields(),
      },
    });
    // Route-level limits (the L2 stage sets only the default): each endpoint has its own budget. The
    // property is untyped JSON, so CloudFormation's own names; the routes must exist before the stage.
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      Object.entries(routeThrottles).map(([key, limit]) => [key, { ThrottlingRateLimit: limit.rate, ThrottlingBurstLimit: limit.burst }]),
    );
    for (const route of routes) this.stage.node.addDependency(route);
  }

  /** The API's host name, for a CloudFront origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
