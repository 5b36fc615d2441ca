import { runDeletionJob } from '../domain/accounts/account-deletion';
import { unitHandler } from '../lib/lambda-entry';

/** Daily (EventBridge): carries out every pending account deletion request. */
export const handler = unitHandler({ job: 'delete-accounts' }, () => runDeletionJob());
