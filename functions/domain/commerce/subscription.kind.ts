import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { subscriptionList } from './subscription-list';
import { SubscriptionEntity, type SubscriptionRecord } from './subscription.entity';

/**
 * A subscription row as a record kind: listed (the admin subscriptions list), written as an update of
 * what changed, audited (an admin's cancel or conversion) in its owner's trail and its license's history.
 */
export const subscriptionKind = declareRecordKind<typeof SubscriptionEntity, SubscriptionRecord, object>({
  name: 'subscription',
  entity: SubscriptionEntity,
  key: ({ id }) => ({ id }),
  keys: {},
  write: 'update',
  list: subscriptionList,
  audit: { trail: auditTrail, target: ({ id }) => `subscription#${id}`, users: ({ user_id }) => [user_id], names: ({ license_id }) => ({ license_id }) },
});
