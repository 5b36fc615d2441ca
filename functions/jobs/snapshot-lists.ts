import { snapshotLists } from '../lib/lists/snapshot-lists';
import { unitHandler } from '../lib/lambda-entry';

/** Every five minutes (EventBridge): carries every admin list's snapshot on, from which a cold admin function starts. */
export const handler = unitHandler({ job: 'snapshot-lists' }, (event: { kinds?: readonly string[] }) => {
  // The schedule names the kinds (functions/job-inputs.ts): derived from the contracts when the stack is built.
  if (!event.kinds?.length) throw new Error('The snapshot job runs with the list kinds its schedule names');
  return snapshotLists(event.kinds);
});
