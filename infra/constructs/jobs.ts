import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { functionEnv, scheduledJobs } from '../definitions';
import { PortalFunction } from '../portal-function';
import type { Data } from './data';
import type { Identity } from './identity';

export interface JobsProps {
  readonly data: Data;
  readonly identity: Identity;
  /** Extra environment, e.g. the mail sender. */
  readonly environment?: Record<string, string>;
}

/** The scheduled jobs of definitions.scheduledJobs: one function each, run by an EventBridge rule. */
export class Jobs extends Construct {
  readonly functions: Record<string, PortalFunction> = {};

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const { data, identity } = props;
    for (const job of scheduledJobs) {
      const fn = new PortalFunction(this, job.id, {
        entry: job.entry,
        description: `Scheduled job ${job.name}`,
        // A run works through every pending request; most take well under a second.
        timeout: Duration.minutes(5),
        environment: {
          [functionEnv.tableName]: data.table.tableName,
          [functionEnv.userPoolId]: identity.userPool.userPoolId,
          [functionEnv.userPoolClientId]: identity.appClient.userPoolClientId,
          ...props.environment,
        },
      });
      data.grantData(fn, job.grants.table);
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: [...job.grants.cognito], resources: [identity.userPool.userPoolArn] }));
      new Rule(this, `${job.id}Schedule`, {
        description: `Runs ${job.name}`,
        schedule: Schedule.cron(job.schedule),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
      this.functions[job.id] = fn;
    }
  }
}
