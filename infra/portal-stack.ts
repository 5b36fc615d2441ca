import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { apiEndpoints, type ApiEndpointDefinition } from './definitions';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { Files } from './constructs/files';
import { Identity } from './constructs/identity';
import { Web } from './constructs/web';

export interface PortalStackProps extends StackProps {
  /** Absolute path of the built SPA (contains index.html). */
  readonly webAssetPath: string;
  /** The API endpoints to deploy. @default definitions.apiEndpoints */
  readonly endpoints?: readonly ApiEndpointDefinition[];
}

/** The whole portal in one stack, composed from one construct per concern (design §2). */
export class PortalStack extends Stack {
  readonly data: Data;
  readonly files: Files;
  readonly identity: Identity;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.files = new Files(this, 'Files');
    this.identity = new Identity(this, 'Identity', { data: this.data });
    this.api = new Api(this, 'Api', {
      endpoints: props.endpoints ?? apiEndpoints,
      data: this.data,
      files: this.files,
      identity: this.identity,
    });
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
    new CfnOutput(this, 'DownloadsBucketName', {
      description: 'Upload release packages here (served at /downloads/)',
      value: this.files.buckets.downloads.bucketName,
    });
  }
}
