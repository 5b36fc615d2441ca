import { Logger } from '@aws-lambda-powertools/logger';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS, type OperatorAlarm } from './operator-alarms';

/** One structured JSON logger per function, created once. */
export const logger = new Logger({ serviceName: 'power-portal' });

/**
 * Logs a failure at error level with the field that raises the operators' alarm of that kind
 * (operator-alarms.ts): the same line locally and in AWS.
 */
export function alertOperators(alarm: OperatorAlarm, message: string, details: Record<string, unknown> = {}): void {
  logger.error(message, { ...details, [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS[alarm].name });
}
