import { runDeletionJob } from '../lib/account-deletion';

/** Daily (EventBridge): carries out every pending account deletion request. */
export const handler = async () => runDeletionJob();
