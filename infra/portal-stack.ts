import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { apiEndpoints, type ApiEndpointDefinition } from './definitions';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { Files } from './constructs/files';
import { Identity } from './constructs/identity';
import { Jobs } from './constructs/jobs';
import { Web } from './constructs/web';

/** Optional settings of a deployment (definitions.deploymentContextKeys). */
export interface DeploymentOptions {
  /** A sender verified in SES for the product's own mail. */
  mailFrom?: string;
  /** The newsletter provider; the API key is a Secrets Manager secret of that name. */
  mailchimp?: { server: string; listId: string; apiKeySecret: string };
}

export interface PortalStackProps extends StackProps {
  /** Absolute path of the built SPA (contains index.html). */
  readonly webAssetPath: string;
  /** The API endpoints to deploy. @default definitions.apiEndpoints */
  readonly endpoints?: readonly ApiEndpointDefinition[];
  readonly options?: DeploymentOptions;
}

/** The whole portal in one stack, composed from one construct per concern (design §2). */
export class PortalStack extends Stack {
  readonly data: Data;
  readonly files: Files;
  readonly identity: Identity;
  readonly api: Api;
  readonly web: Web;
  readonly jobs: Jobs;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.files = new Files(this, 'Files');
    const options = props.options ?? {};
    this.identity = new Identity(this, 'Identity', {
      data: this.data,
      newsletterEnvironment: options.mailchimp && {
        MAILCHIMP_SERVER: options.mailchimp.server,
        MAILCHIMP_LIST_ID: options.mailchimp.listId,
        MAILCHIMP_API_KEY_SECRET_ID: options.mailchimp.apiKeySecret,
      },
    });
    if (options.mailchimp) {
      Secret.fromSecretNameV2(this, 'MailchimpApiKey', options.mailchimp.apiKeySecret).grantRead(this.identity.postConfirmation);
      Validations.of(this.identity.postConfirmation).acknowledge({
        id: 'AwsSolutions-IAM5',
        reason:
          'A secret named by the operator is matched by name: its ARN ends in a random suffix the stack cannot know, so the grant ends in -??????. Read-only, one secret.',
      });
    }
    this.api = new Api(this, 'Api', {
      endpoints: props.endpoints ?? apiEndpoints,
      data: this.data,
      files: this.files,
      identity: this.identity,
    });
    this.jobs = new Jobs(this, 'Jobs', { data: this.data, identity: this.identity });
    if (options.mailFrom) {
      const senders = (props.endpoints ?? apiEndpoints).flatMap((endpoint) => ('mail' in endpoint && endpoint.mail ? [this.api.functions[endpoint.id]!] : []));
      for (const fn of [...senders, ...Object.values(this.jobs.functions)]) {
        fn.function.addEnvironment('MAIL_FROM', options.mailFrom);
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [options.mailFrom, options.mailFrom.split('@')[1]!].map((identity) =>
              this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
            ),
          }),
        );
      }
    }
    this.web = new Web(this, 'Web', {
      webAssetPath: props.webAssetPath,
      files: this.files,
      api: this.api,
      identity: this.identity,
    });

    new CfnOutput(this, 'DistributionUrl', {
      description: 'The portal',
      value: `https://${this.web.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.identity.appClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'DataBucketName', {
      description: 'Upload versions.json here (served at /data/)',
      value: this.files.buckets.data.bucketName,
    });
    const ssoSecret = this.api.secrets.sso;
    if (ssoSecret) {
      new CfnOutput(this, 'SsoSecretArn', {
        description: "The forum's DiscourseConnect secret: read it with aws secretsmanager get-secret-value",
        value: ssoSecret.secretArn,
      });
    }
    new CfnOutput(this, 'DownloadsBucketName', {
      description: 'Upload release packages here (served at /downloads/)',
      value: this.files.buckets.downloads.bucketName,
    });
  }
}
