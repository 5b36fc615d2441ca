import { Duration } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { jobInput } from '../../functions/job-inputs';
import { jobs, type JobName } from '../../functions/registry';
import { wireFunction, type WiringTargets } from '../function-wiring';
import { PortalFunction } from '../portal-function';

/** The scheduled jobs of the registry: one function each, run by an EventBridge rule. */
export class Jobs extends Construct {
  /** Functions by registry name. */
  readonly functions: Record<string, PortalFunction> = {};

  constructor(scope: Construct, id: string, props: { targets: WiringTargets }) {
    super(scope, id);
    for (const [name, job] of Object.entries(jobs)) {
      const fn = new PortalFunction(this, job.construct, {
        entry: `functions/jobs/${name}.ts`,
        description: job.description,
        // A run works through every pending item; most take well under a second.
        timeout: Duration.minutes(5),
      });
      wireFunction(fn, job.needs, props.targets);
      new Rule(this, `${job.construct}Schedule`, {
        description: `Runs ${name}`,
        schedule: Schedule.cron(job.schedule),
        // What the job is to work through, derived from the declarations now (functions/job-inputs.ts).
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2, event: RuleTargetInput.fromObject(jobInput(name as JobName)) })],
      });
      this.functions[name] = fn;
    }
  }
}
