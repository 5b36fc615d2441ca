import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS, type OperatorAlarm } from '../../functions/lib/operator-alarms';
import type { PortalFunction } from '../portal-function';

/** The namespace of the portal's own metrics. */
export const OPERATOR_METRICS_NAMESPACE = 'PowerPortal';

export interface OperatorAlarmsProps {
  /** Per alarm, the functions that may log it (their log groups are watched). */
  readonly sources: Readonly<Record<OperatorAlarm, readonly PortalFunction[]>>;
}

/**
 * Tells operators of the failures nobody would see otherwise (functions/lib/operator-alarms.ts): per kind,
 * a metric filter on each source function's log group counts the error lines that carry the alarm field,
 * and an alarm on that count (one line in five minutes is enough) notifies an SNS topic that operators
 * subscribe to (its ARN is an output). The topic is encrypted with a key of its own that CloudWatch may
 * use, and takes TLS only.
 */
export class OperatorAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Record<OperatorAlarm, Alarm>;

  constructor(scope: Construct, id: string, props: OperatorAlarmsProps) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', { enableKeyRotation: true, description: "Encrypts the operators' alarm topic" });
    // CloudWatch publishes the alarm to the encrypted topic: it must be able to use the key.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { displayName: 'Power portal alarms', masterKey: key, enforceSSL: true });
    const action = new SnsAction(this.topic);

    const alarms: Partial<Record<OperatorAlarm, Alarm>> = {};
    for (const [kind, { name, description }] of Object.entries(OPERATOR_ALARMS) as [OperatorAlarm, (typeof OPERATOR_ALARMS)[OperatorAlarm]][]) {
      const metric = new Metric({ namespace: OPERATOR_METRICS_NAMESPACE, metricName: name, statistic: 'Sum', period: Duration.minutes(5) });
      for (const fn of props.sources[kind]) {
        new MetricFilter(fn, `${kind}Filter`, {
          logGroup: fn.logGroup,
          filterPattern: FilterPattern.stringValue(`$.${OPERATOR_ALARM_FIELD}`, '=', name),
          metricNamespace: OPERATOR_METRICS_NAMESPACE,
          metricName: name,
          metricValue: '1',
        });
      }
      const alarm = new Alarm(this, kind, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarms[kind] = alarm;
    }
    this.alarms = alarms as Record<OperatorAlarm, Alarm>;
  }
}
