import type { Context } from 'aws-lambda';
import type { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { endpointNeeds, endpoints, jobs, triggers, type EndpointName, type JobName, type TriggerName } from '../registry';
import { validateEnvironment } from './config';
import { lambdaContextKeys, setLogService, withLogKeys } from './logger';
import { currentRuntime, functionEnv } from './runtime-env';

/**
 * Lambda entry points. Each validates its unit's whole environment before its first event (a missing
 * setting is named in the error), and each invocation's log lines carry the request id and the
 * function name. Locally the same handlers run with their unit's own environment (runtime-env).
 */
export function endpointHandler(name: EndpointName, app: Hono) {
  setLogService(name);
  validateEnvironment(endpointNeeds(endpoints[name]));
  const handler = handle(app);
  return (event: Parameters<typeof handler>[0], context: Context) =>
    withLogKeys(lambdaContextKeys(context), () => handler(event, context));
}

const validated = new WeakSet<object>();

/** A trigger's or a job's handler around `work`, which gets the event. */
export function unitHandler<E, R>(
  unit: { trigger: TriggerName } | { job: JobName },
  work: (event: E) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  const needs = 'trigger' in unit ? triggers[unit.trigger].needs : jobs[unit.job].needs;
  return async (event, context) => {
    // In Lambda this process runs this unit alone; locally every unit shares the process and each call's
    // runtime names its unit (runtime-env), so the process keeps no name of its own.
    if (!currentRuntime()) setLogService('trigger' in unit ? unit.trigger : unit.job);
    const env = functionEnv();
    if (!validated.has(env)) {
      validateEnvironment(needs, env);
      validated.add(env);
    }
    return context ? withLogKeys(lambdaContextKeys(context), () => work(event)) : work(event);
  };
}
