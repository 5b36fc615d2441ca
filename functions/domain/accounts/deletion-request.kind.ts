import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { DeletionRequestEntity, PENDING_DELETIONS_PARTITION } from './deletion-request.entity';

/**
 * A pending account deletion as a record kind: audited in the user's trail when an administrator asks,
 * takes over or withdraws it. Written as an update of what changed: the job marks it started meanwhile.
 */
export const deletionRequestKind = declareRecordKind<typeof DeletionRequestEntity, FormattedItem<typeof DeletionRequestEntity>, { pending: typeof PENDING_DELETIONS_PARTITION }>({
  name: 'deletion-request',
  entity: DeletionRequestEntity,
  key: ({ user_id }) => ({ user_id }),
  keys: { pending: PENDING_DELETIONS_PARTITION },
  write: 'update',
  audit: { trail: auditTrail, target: ({ user_id }) => `user#${user_id}`, users: ({ user_id }) => [user_id] },
});
