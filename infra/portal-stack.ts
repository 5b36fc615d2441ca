import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { endpoints as registryEndpoints, jobs, triggers, type EndpointUnit, type FunctionNeeds } from '../functions/registry';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { Files } from './constructs/files';
import { Identity } from './constructs/identity';
import { Jobs } from './constructs/jobs';
import { Messaging, type DeploymentOptions } from './constructs/messaging';
import { OperatorAlarms } from './constructs/operator-alarms';
import { PortalAddress } from './constructs/portal-address';
import { PortalSecrets } from './constructs/secrets';
import { Web } from './constructs/web';
import type { PortalFunction } from './portal-function';

export type { DeploymentOptions } from './constructs/messaging';

export interface PortalStackProps extends StackProps {
  /** Absolute path of the built SPA (contains index.html). */
  readonly webAssetPath: string;
  /** The API endpoints to deploy, by registry name. @default functions/registry endpoints */
  readonly endpoints?: Readonly<Record<string, EndpointUnit>>;
  readonly options?: DeploymentOptions;
}

/** The whole portal in one stack, composed from one construct per concern. */
export class PortalStack extends Stack {
  readonly data: Data;
  readonly files: Files;
  readonly secrets: PortalSecrets;
  readonly identity: Identity;
  readonly api: Api;
  readonly web: Web;
  readonly jobs: Jobs;
  readonly alarms: OperatorAlarms;
  readonly portalAddress: PortalAddress;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    const endpoints = props.endpoints ?? registryEndpoints;

    this.data = new Data(this, 'Data');
    this.files = new Files(this, 'Files');
    this.secrets = new PortalSecrets(this, 'Secrets');
    const secret = this.secrets.get.bind(this.secrets);
    const buckets = this.files.buckets;
    this.identity = new Identity(this, 'Identity', { targets: { data: this.data, secret, buckets } });
    const pool = {
      userPoolId: this.identity.userPool.userPoolId,
      userPoolClientId: this.identity.appClient.userPoolClientId,
      userPoolArn: this.identity.userPool.userPoolArn,
    };
    this.api = new Api(this, 'Api', { endpoints, targets: { data: this.data, pool, secret, buckets } });
    this.jobs = new Jobs(this, 'Jobs', { targets: { data: this.data, pool, secret, buckets } });

    // Every function whose registry needs name an outside service, wired to it in one place.
    const units: { needs: FunctionNeeds; fn: PortalFunction }[] = [
      ...Object.entries(endpoints).map(([name, unit]) => ({ needs: unit.needs as FunctionNeeds, fn: this.api.functions[name]! })),
      ...Object.entries(triggers).map(([name, unit]) => ({ needs: unit.needs as FunctionNeeds, fn: this.identity.triggers[name]! })),
      ...Object.entries(jobs).map(([name, unit]) => ({ needs: unit.needs as FunctionNeeds, fn: this.jobs.functions[name]! })),
    ];
    const mailSenders = units.filter((unit) => unit.needs.mail).map((unit) => unit.fn);
    new Messaging(this, 'Messaging', {
      options: props.options ?? {},
      mailSenders,
      newsletterSubscribers: units.filter((unit) => unit.needs.newsletter).map((unit) => unit.fn),
    });
    const webhook = this.api.functions.fastspring;
    const deletionJob = this.jobs.functions['delete-accounts'];
    const counterCheck = this.jobs.functions['check-counters'];
    this.alarms = new OperatorAlarms(this, 'Alarms', {
      sources: {
        webhookEventFailed: webhook ? [webhook] : [],
        accountDeletionFailed: deletionJob ? [deletionJob] : [],
        mailFailed: mailSenders,
        countersDiffer: counterCheck ? [counterCheck] : [],
      },
    });

    this.web = new Web(this, 'Web', {
      webAssetPath: props.webAssetPath,
      files: this.files,
      api: this.api,
      identity: this.identity,
      originVerifySecret: this.secrets.get('originVerify'),
      linkSigningSecret: this.secrets.get('linkSigning'),
      checkout: props.options?.checkout,
      redirectOrigins: props.options?.redirectOrigins,
      guides: props.options?.guides,
    });

    // Where the mail senders (wired from their registry needs) read the portal's address for their links.
    this.portalAddress = new PortalAddress(this, 'PortalAddress', { distribution: this.web.distribution });

    new CfnOutput(this, 'DistributionUrl', {
      description: 'The portal',
      value: `https://${this.web.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: "Operators' alarms (failed webhook events, account deletions, mail): subscribe with aws sns subscribe --protocol email",
      value: this.alarms.topic.topicArn,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.identity.appClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'DataBucketName', {
      description: 'Upload versions.json here (served at /data/)',
      value: this.files.buckets.data.bucketName,
    });
    const ssoSecret = this.secrets.all.sso;
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
