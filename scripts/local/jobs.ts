import { jobInput } from '../../functions/job-inputs';
import { jobs, type JobName } from '../../functions/registry';
import { loadUnitHandler } from './units';

export const jobNames = Object.keys(jobs) as JobName[];

/** Runs a scheduled job now, as its unit, with the local stack's environment `stackEnv`. */
export async function runJob(name: string, stackEnv: Record<string, string>): Promise<unknown> {
  if (!Object.hasOwn(jobs, name)) throw new Error(`Unknown job "${name}"; jobs: ${jobNames.join(', ')}`);
  const handler = await loadUnitHandler({ job: name as JobName }, stackEnv);
  // What the schedule sends in AWS (infra/constructs/jobs.ts).
  return handler(jobInput(name as JobName));
}
