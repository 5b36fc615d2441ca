import { pagedListKinds } from '../shared/contract/all';
import type { JobName } from './registry';

/**
 * What a scheduled job's schedule hands it, derived from the declarations when the stack is built (and
 * by the local stack's timer the same way), so the job's own bundle carries none of them: the snapshot
 * job gets the kinds of every list a cmd pages (CmdPolicies.list), not every contract module.
 */
export const jobInputs: Partial<Record<JobName, () => Record<string, unknown>>> = {
  'snapshot-lists': () => ({ kinds: pagedListKinds() }),
};

/** The event a job's schedule sends it. */
export const jobInput = (name: JobName): Record<string, unknown> => jobInputs[name]?.() ?? {};
