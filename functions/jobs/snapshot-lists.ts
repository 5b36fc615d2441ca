import { snapshotLists } from '../lib/lists/snapshot-lists';
import { unitHandler } from '../lib/lambda-entry';

/** Hourly (EventBridge): rewrites every admin list's snapshot, from which a cold admin function starts. */
export const handler = unitHandler({ job: 'snapshot-lists' }, () => snapshotLists());
