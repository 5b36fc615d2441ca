import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  Signing,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_PREFIX, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { takesBrowserUploads, tokenPaths, type Serving } from '../../functions/lib/files/buckets';
import { webConfigSchema, type WebConfig } from '../../shared/web-config';
import { bucketRoles, buckets, type BucketRole } from '../definitions';
import type { Api } from './api';
import { signedLinkCheckCode, spaFallbackCode, stripPrefixCode } from './edge-functions';
import type { Files } from './files';
import type { Identity } from './identity';

export interface WebProps {
  /** Absolute path of the built SPA (a directory with index.html). */
  readonly webAssetPath: string;
  readonly files: Files;
  readonly api: Api;
  readonly identity: Identity;
  /** Sent to the API as the origin-verify header: the API answers only requests that carry it. */
  readonly originVerifySecret: Secret;
  /** The key the edge checks signed links to files with (the functions that sign them read it too). */
  readonly linkSigningSecret: Secret;
  /** The checkout provider's storefront, for /config.json. */
  readonly checkout?: WebConfig['checkout'];
  /** The other sites a `redirect` query may send the browser to, for /config.json. */
  readonly redirectOrigins?: readonly string[];
  /** The Download page's guide links, for /config.json (a link without its address is not shown). */
  readonly guides?: Pick<WebConfig, 'guidesUrl' | 'raspberryPiGuideUrl'>;
}

/**
 * What the SPA build holds that must not be public: source maps (hidden, for debugging only) and Vite's
 * build manifest (read by the bundle-size measurement). Never uploaded to the web bucket.
 */
export const unpublishedBuildFiles = ['*.map', '**/*.map', '.vite', '.vite/*'];

/**
 * The browser's entry: one CloudFront distribution in front of the SPA bucket, the HTTP API and the
 * file buckets, with security headers on every answer, plus the deployment of the SPA and its
 * /config.json.
 */
export class Web extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { files, api, identity } = props;
    const region = Stack.of(this).region;

    const responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Portal security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(region, props.checkout), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Extension-less paths are SPA routes: serve /index.html',
    });
    const stripPrefix = new CloudFrontFunction(this, 'StripPrefix', {
      code: FunctionCode.fromInline(stripPrefixCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Maps /{prefix}/{key} to the bucket key {key}',
    });
    const signedLinkCheck = new CloudFrontFunction(this, 'SignedLinkCheck', {
      // Resolved by CloudFormation at deploy time: the key never appears in the template.
      code: FunctionCode.fromInline(
        signedLinkCheckCode(
          props.linkSigningSecret.secretValue.unsafeUnwrap(),
          Object.fromEntries(tokenPaths(API_PREFIX).map(({ path, apiPath }) => [path, apiPath])),
        ),
      ),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /{prefix}/{key} only for a signed link that has not expired',
    });

    // One origin access control, signing every request, for all bucket origins.
    const originAccessControl = new S3OriginAccessControl(this, 'OriginAccessControl', {
      signing: Signing.SIGV4_ALWAYS,
    });
    const bucketOrigin = (role: BucketRole) =>
      S3BucketOrigin.withOriginAccessControl(files.buckets[role], { originAccessControl });

    const shortLived = new CachePolicy(this, 'ShortLivedCache', {
      comment: 'Release metadata: cached for a minute, at most five',
      defaultTtl: Duration.minutes(1),
      maxTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const cachePolicies = {
      short: shortLived,
      optimized: CachePolicy.CACHING_OPTIMIZED,
      disabled: CachePolicy.CACHING_DISABLED,
    };

    const additionalBehaviors: Record<string, BehaviorOptions> = {
      [`${API_PREFIX}/*`]: {
        origin: new HttpOrigin(api.domainName, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          // Resolved by CloudFormation at deploy time: the value never appears in the template.
          customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
        }),
        // A redirect would turn the SPA's POSTs into GETs: refuse plain HTTP instead.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: responseHeaders,
      },
    };
    // Each bucket as its declaration says (functions/lib/files/buckets.ts): served at its path as it is,
    // only through signed links (checked at the edge, never cached), or not at all.
    for (const role of bucketRoles) {
      const served: Serving = buckets[role].served;
      if (served.kind !== 'path' && served.kind !== 'signed') continue;
      additionalBehaviors[`${served.path}/*`] = {
        origin: bucketOrigin(role),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: served.kind === 'signed' ? cachePolicies.disabled : cachePolicies[served.cache],
        responseHeadersPolicy: responseHeaders,
        functionAssociations: [
          { function: served.kind === 'signed' ? signedLinkCheck : stripPrefix, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      };
    }

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Power portal',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: files.accessLogs,
      logFilePrefix: 'cloudfront/',
      // No errorResponses: they would apply to every behaviour and turn API 404s into index.html.
      defaultBehavior: {
        origin: bucketOrigin('web'),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: responseHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Customers of the product are worldwide; there is no country the portal must refuse.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL yet (fixed monthly cost); the API stage is throttled, Cognito rate-limits sign-in, and the handlers validate every body against the contract. Add a web ACL if abuse shows up.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate until a custom domain exists; CloudFront does not allow a minimum TLS version with that certificate. Set TLSv1.2_2021 with the custom domain.',
      },
    );

    this.deploySpa(props.webAssetPath, files, {
      region,
      userPoolId: identity.userPool.userPoolId,
      userPoolClientId: identity.appClient.userPoolClientId,
      apiBase: API_PREFIX,
      ...(props.checkout ? { checkout: props.checkout } : {}),
      redirectOrigins: [...(props.redirectOrigins ?? [])],
      ...props.guides,
      local: false,
    });
  }

  /**
   * Uploads the SPA in two passes: hashed files under assets/ first, cached for a year and never
   * pruned (tabs still running the previous build can load their lazy chunks), then index.html,
   * /config.json and the other unhashed files with no-cache, followed by an invalidation.
   */
  private deploySpa(webAssetPath: string, files: Files, config: WebConfig): void {
    // Parsed like the SPA parses it, so a shape drift fails at synth, not in the browser.
    const configJson = webConfigSchema.parse(config);
    const spa = Source.asset(webAssetPath, { exclude: unpublishedBuildFiles });

    // Both deployments share one handler (a singleton); it gets a role and log group of ours instead of
    // the AWS managed basic-execution policy.
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the SPA into the web bucket and invalidates the distribution',
    });
    logGroup.grantWrite(role);

    const common = { destinationBucket: files.buckets.web, role, logGroup, memoryLimit: 512 };
    const hashedAssets = new BucketDeployment(this, 'HashedAssets', {
      ...common,
      sources: [spa],
      include: ['assets/*'],
      exclude: ['*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const entryFiles = new BucketDeployment(this, 'EntryFiles', {
      ...common,
      sources: [spa, Source.jsonData('config.json', configJson)],
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // index.html must never point at assets that are not uploaded yet.
    entryFiles.node.addDependency(hashedAssets);

    const webBucketId = Stack.of(this).getLogicalId(files.buckets.web.node.defaultChild as CfnBucket);
    const grantedByBucketDeployment =
      "BucketDeployment's own grant: it syncs the whole SPA (aws s3 sync with --delete) from the CDK asset bucket into the web bucket, so it reads the staged asset zip and lists, writes and deletes objects of the web bucket only.";
    Validations.of(role).acknowledge(
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: grantedByBucketDeployment,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::<${webBucketId}.Arn>/*]`,
        reason: grantedByBucketDeployment,
      },
      {
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
        reason:
          "BucketDeployment reads the SPA zip from the CDK bootstrap asset bucket; the object key is a content hash chosen at deploy time.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'BucketDeployment grants cloudfront:CreateInvalidation and GetInvalidation on * to invalidate the distribution after the upload; only those two actions are in the statement.',
      },
    );
    // The singleton handler BucketDeployment adds at stack level (one per memory size).
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason:
            "CDK's BucketDeployment provider pins its Python runtime with the aws-cdk-lib release it was tested with; it moves when aws-cdk-lib is upgraded.",
        });
      }
    }
  }
}

/**
 * The CSP: only this origin, plus Cognito's regional endpoint that the SPA calls directly; styles may be
 * inline because Mantine injects its CSS variables in a style element. With a checkout storefront, its
 * script's origin, and the storefront's origin for the popup (an iframe) and its calls.
 */
export function contentSecurityPolicy(region: string, checkout?: WebConfig['checkout']): string {
  const scriptOrigin = checkout ? new URL(checkout.scriptUrl).origin : null;
  const storefrontOrigin = checkout ? `https://${checkout.storefront.split('/')[0]}` : null;
  const checkoutOrigins = [scriptOrigin, storefrontOrigin].filter((origin): origin is string => origin !== null);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...(scriptOrigin ? [scriptOrigin] : [])].join(' '),
    ...(storefrontOrigin ? [`frame-src ${storefrontOrigin}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    [`connect-src 'self' https://cognito-idp.${region}.amazonaws.com`, ...(takesBrowserUploads ? [`https://s3.${region}.amazonaws.com`] : []), ...checkoutOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
