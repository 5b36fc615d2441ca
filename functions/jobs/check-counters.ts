import { checkCounters } from '../domain/counted-records';
import { unitHandler } from '../lib/lambda-entry';

/** Daily (EventBridge): compares every counter with a recount of its records; a difference alarms. */
export const handler = unitHandler({ job: 'check-counters' }, () => checkCounters());
