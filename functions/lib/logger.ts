import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS, type OperatorAlarm } from './operator-alarms';
import { currentRuntime } from './runtime-env';

/** The service name of lines logged outside any unit (a script, a test). */
const FALLBACK_SERVICE = 'power-portal';

/** The unit this process runs in Lambda (set by its entry, lambda-entry.ts); unset locally. */
let processService: string | undefined;

/** Names the unit this process runs: its log lines carry that service name. Called by the Lambda entry. */
export function setLogService(name: string): void {
  processService = name;
}

/** One structured JSON logger per service name, created on its first line. */
const loggers = new Map<string, Logger>();

/**
 * The service of the code that is running: the unit the local stack runs this call as (every unit runs
 * in one process there), else the unit of this Lambda.
 */
const serviceName = (): string => currentRuntime()?.name ?? processService ?? FALLBACK_SERVICE;

function loggerOf(service: string): Logger {
  let known = loggers.get(service);
  if (!known) loggers.set(service, (known = new Logger({ serviceName: service })));
  return known;
}

/**
 * The keys every line of one call carries (endpoint, cmd, request id), scoped to that call with
 * AsyncLocalStorage rather than set on the shared logger: the local stack serves concurrent calls of
 * the same unit in one process, and a key appended to a shared logger would show on another call's lines.
 */
const callKeys = new AsyncLocalStorage<LogAttributes>();

/** Runs `work` (and everything it awaits) with `keys` on every line it logs; they end with it. */
export const withLogKeys = <T>(keys: LogAttributes, work: () => T): T => callKeys.run({ ...keys }, work);

/** Adds keys to the running call's lines from here on (e.g. the cmd, once the body is read). */
export function appendLogKeys(keys: LogAttributes): void {
  const scope = callKeys.getStore();
  if (scope) Object.assign(scope, keys);
}

type LogMethod = (message: string, ...extra: (LogAttributes | Error | string)[]) => void;
const at =
  (level: 'debug' | 'info' | 'warn' | 'error'): LogMethod =>
  (message, ...extra) => {
    const scope = callKeys.getStore();
    const target = loggerOf(serviceName());
    if (scope) target[level](message, scope, ...(extra as LogAttributes[]));
    else target[level](message, ...(extra as LogAttributes[]));
  };

/**
 * The functions' logger: JSON lines (Powertools) with the running unit's service name and, inside a
 * call, that call's keys. Each Lambda invocation's lines also carry the request id and function name
 * (addContext).
 */
export const logger = {
  debug: at('debug'),
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
  addContext: (context: Context): void => loggerOf(serviceName()).addContext(context),
};

/**
 * Logs a failure at error level with the field that raises the operators' alarm of that kind
 * (operator-alarms.ts): the same line locally and in AWS.
 */
export function alertOperators(alarm: OperatorAlarm, message: string, details: Record<string, unknown> = {}): void {
  logger.error(message, { ...details, [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS[alarm].name });
}
