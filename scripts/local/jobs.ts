import { scheduledJobs } from '../../infra/definitions';

type JobName = (typeof scheduledJobs)[number]['name'];

/** The scheduled jobs' handlers by name, loaded only when run (they read the environment on first use). */
const loaders: Record<JobName, () => Promise<{ handler: () => Promise<unknown> }>> = {
  'delete-accounts': () => import('../../functions/jobs/delete-accounts'),
};

export const jobNames = scheduledJobs.map((job) => job.name);

export async function runJob(name: string): Promise<unknown> {
  const load = loaders[name as JobName];
  if (!load) throw new Error(`Unknown job "${name}"; jobs: ${jobNames.join(', ')}`);
  return (await load()).handler();
}
