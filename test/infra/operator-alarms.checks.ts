import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS, type OperatorAlarm } from '../../functions/lib/operator-alarms';
import { OPERATOR_METRICS_NAMESPACE } from '../../infra/constructs/operator-alarms';
import { logicalIdOf, ref, resourcesOfType, sharedPortal, type SynthesizedPortal } from './synth';
import { deployedUnits } from './units';

/**
 * Operators hear of failures: a webhook event not applied, a failed account deletion, a mail not sent.
 * Each is an error line with the alarm field, counted by a metric filter on the log groups of the
 * functions that can log it, with an alarm that notifies the operators' topic.
 */
describe('operator alarms', () => {
  let portal: SynthesizedPortal;
  beforeAll(() => {
    portal = sharedPortal();
  });

  const topicId = () => logicalIdOf(portal.stack, portal.stack.alarms.topic);

  it('has an encrypted, TLS-only topic for operators, named in an output', () => {
    portal.template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    portal.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
    portal.template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
        ]),
      }),
    });
    expect(portal.template.findOutputs('AlarmTopicArn')).toEqual({ AlarmTopicArn: expect.objectContaining({ Value: ref(topicId()) }) });
  });

  const units = () => deployedUnits(portal.stack);
  const sources: Record<OperatorAlarm, () => string[]> = {
    webhookEventFailed: () => ['endpoint fastspring'],
    accountDeletionFailed: () => ['job delete-accounts'],
    mailFailed: () => units().filter((unit) => unit.ownNeeds.mail).map((unit) => unit.label),
    countersDiffer: () => ['job check-counters'],
  };

  it.each(Object.keys(OPERATOR_ALARMS) as OperatorAlarm[])('raises %s from the error lines of the functions that log it', (kind) => {
    const { name } = OPERATOR_ALARMS[kind];
    const labels = sources[kind]();
    expect(labels.length).toBeGreaterThan(0);
    const filters = resourcesOfType(portal.json.Resources, 'AWS::Logs::MetricFilter').map(([, filter]) => filter).filter((filter) =>
      JSON.stringify(filter.Properties).includes(`"MetricName":"${name}"`),
    );
    const watched = filters.map((filter) => (filter.Properties!.LogGroupName as { Ref: string }).Ref).sort();
    const expected = units()
      .filter((unit) => labels.includes(unit.label))
      .map((unit) => logicalIdOf(portal.stack, unit.fn.logGroup))
      .sort();
    expect(watched).toEqual(expected);
    for (const filter of filters) {
      expect(filter.Properties).toMatchObject({
        FilterPattern: `{ $.${OPERATOR_ALARM_FIELD} = "${name}" }`,
        MetricTransformations: [{ MetricNamespace: OPERATOR_METRICS_NAMESPACE, MetricName: name, MetricValue: '1' }],
      });
    }
    portal.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: OPERATOR_METRICS_NAMESPACE,
      MetricName: name,
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [ref(topicId())],
    });
  });
});
