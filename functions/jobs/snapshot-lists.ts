import { snapshotLists } from '../lib/lists/snapshot-lists';
import { unitHandler } from '../lib/lambda-entry';

/** Every five minutes (EventBridge): carries every admin list's snapshot on, from which a cold admin function starts. */
export const handler = unitHandler({ job: 'snapshot-lists' }, () => snapshotLists());
