/**
 * Failures an operator must hear of, even when nobody is looking at the logs. A function reports one by
 * logging at error level with the field `operator_alarm` naming it (logger.ts `alertOperators`); in AWS
 * a metric filter on the functions' log groups counts those lines and a CloudWatch alarm tells the
 * operators' SNS topic (infra/constructs/operator-alarms.ts). Locally it is the error line alone.
 *
 * No imports: the CDK app reads this module too.
 */
export const OPERATOR_ALARM_FIELD = 'operator_alarm';

export const OPERATOR_ALARMS = {
  webhookEventFailed: {
    name: 'webhook-event-failed',
    description: 'A checkout provider event could not be applied (recorded as failed with its reason: fs-event#{id})',
  },
  accountDeletionFailed: {
    name: 'account-deletion-failed',
    description: 'An account deletion failed, or the deletion job run failed; the request stays pending',
  },
  mailFailed: {
    name: 'mail-failed',
    description: "The portal's own mail could not be sent",
  },
  countersDiffer: {
    name: 'counters-differ',
    description: 'A counter differs from a recount of the records it counts (the daily check-counters job): run `npm run counters -- backfill`',
  },
} as const;

export type OperatorAlarm = keyof typeof OPERATOR_ALARMS;
