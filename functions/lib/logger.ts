import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { currentCall } from './call-context';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS, type OperatorAlarm } from './operator-alarms';
import { currentRuntime } from './runtime-env';

/**
 * The functions' logger: one JSON object a line, in the shape Powertools for AWS Lambda writes (`level`,
 * `message`, `timestamp`, `service`, the Lambda context's `function_*` fields, an `error` with its name,
 * message and stack), so CloudWatch Logs Insights queries and the operator alarms' metric filters read
 * it as they would Powertools'. Written here rather than taken from Powertools, whose logger was 22 KB
 * of every 250 KB bundle for the few things used (decision 031).
 */

type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
const LEVELS: Record<Level, number> = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20 };
export type LogAttributes = Record<string, unknown>;

/** The lowest level written: the Lambda log level setting (advanced logging controls), else LOG_LEVEL, else INFO. */
function thresholdFrom(env: NodeJS.ProcessEnv): number {
  const wanted = (env.AWS_LAMBDA_LOG_LEVEL ?? env.POWERTOOLS_LOG_LEVEL ?? env.LOG_LEVEL ?? 'INFO').toUpperCase();
  return Object.hasOwn(LEVELS, wanted) ? LEVELS[wanted as Level] : LEVELS.INFO;
}
const threshold = thresholdFrom(process.env);

/** The service name of lines logged outside any unit (a script, a test). */
const FALLBACK_SERVICE = 'power-portal';

/** The unit this process runs in Lambda (set by its entry, lambda-entry.ts); unset locally. */
let processService: string | undefined;

/** Names the unit this process runs: its log lines carry that service name. Called by the Lambda entry. */
export function setLogService(name: string): void {
  processService = name;
}

/**
 * The service of the code that is running: the unit the local stack runs this call as (every unit runs
 * in one process there), else the unit of this Lambda.
 */
const serviceName = (): string => currentRuntime()?.name ?? processService ?? FALLBACK_SERVICE;

/**
 * The keys every line of one invocation carries (the Lambda context's fields), scoped to it with
 * AsyncLocalStorage rather than kept on the logger: the local stack serves concurrent calls of the same
 * unit in one process, and a key kept on a shared logger would show on another call's lines. The API
 * call's own keys (endpoint, cmd, request id) are read from the call it runs for (call-context.ts), not
 * kept a second time here: every AsyncLocalStorage in use costs each promise of the process a copy.
 */
const callKeys = new AsyncLocalStorage<LogAttributes>();

/** Runs `work` (and everything it awaits) with `keys` on every line it logs, beside any outer call's keys; they end with it. */
export const withLogKeys = <T>(keys: LogAttributes, work: () => T): T => callKeys.run({ ...callKeys.getStore(), ...keys }, work);

let coldStart = true;

/** The Lambda invocation's fields, as Powertools names them; the first invocation of a process is the cold start. */
export function lambdaContextKeys(context: Context): LogAttributes {
  const keys = {
    cold_start: coldStart,
    function_name: context.functionName,
    function_memory_size: Number(context.memoryLimitInMB) || undefined,
    function_arn: context.invokedFunctionArn,
    function_request_id: context.awsRequestId,
  };
  coldStart = false;
  return keys;
}

/** An error as a plain object: name, message, stack, its own fields (an SDK error's code, $metadata) and its cause. */
function errorObject(error: Error, seen: WeakSet<object>): LogAttributes {
  seen.add(error);
  const { name, message, stack } = error;
  const own = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause'));
  const cause = error.cause instanceof Error && !seen.has(error.cause) ? errorObject(error.cause, seen) : error.cause;
  return { name, message, stack, ...own, ...(cause === undefined ? {} : { cause }) };
}

/** JSON of a log line that never throws: errors spelt out, big integers as text, a circular reference named. */
function toJson(line: LogAttributes): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(line, (_key, value: unknown) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Error) return errorObject(value, seen);
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) return '[Circular]';
      seen.add(value);
    }
    return value;
  });
}

/** The X-Ray trace id of this invocation, when tracing is on. */
const traceId = () => /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];

function write(level: Level, message: string, extra: (LogAttributes | Error | string | undefined)[]): void {
  if (LEVELS[level] < threshold) return;
  const line: LogAttributes = { level, message, timestamp: new Date().toISOString(), service: serviceName(), xray_trace_id: traceId() };
  Object.assign(line, callKeys.getStore(), currentCall());
  for (const item of extra) {
    if (item instanceof Error) line.error = item;
    else if (typeof item === 'string') line.extra = item;
    else if (item) Object.assign(line, item);
  }
  // Errors and warnings to stderr, the rest to stdout, as Powertools does; in Lambda both reach the log group.
  (LEVELS[level] >= LEVELS.WARN ? process.stderr : process.stdout).write(`${toJson(line)}\n`);
}

type LogMethod = (message: string, ...extra: (LogAttributes | Error | string | undefined)[]) => void;

export const logger: { debug: LogMethod; info: LogMethod; warn: LogMethod; error: LogMethod } = {
  debug: (message, ...extra) => write('DEBUG', message, extra),
  info: (message, ...extra) => write('INFO', message, extra),
  warn: (message, ...extra) => write('WARN', message, extra),
  error: (message, ...extra) => write('ERROR', message, extra),
};

/**
 * Logs a failure at error level with the field that raises the operators' alarm of that kind
 * (operator-alarms.ts): the same line locally and in AWS.
 */
export function alertOperators(alarm: OperatorAlarm, message: string, details: Record<string, unknown> = {}): void {
  logger.error(message, { ...details, [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS[alarm].name });
}
