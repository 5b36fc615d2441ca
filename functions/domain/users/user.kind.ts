import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { userTallies } from './user-figures';
import { userList } from './user-list';
import { UserEntity, userIdPartition, userKey, type UserRecord } from './user.entity';

/**
 * A user record as a record kind: keyed by the sub, listed by its id (the admin users list), counted by
 * newsletter consent, audited in the user's own trail. Written as an update of what changed: the
 * holdings (user-holdings.ts) are written by other transactions too.
 */
export const userKind = declareRecordKind<typeof UserEntity, UserRecord, { user: typeof userKey; userId: typeof userIdPartition }>({
  name: 'user',
  entity: UserEntity,
  key: ({ sub }) => ({ sub }),
  keys: { user: userKey, userId: userIdPartition },
  write: 'update',
  list: userList,
  tallies: userTallies,
  audit: { trail: auditTrail, target: ({ id }) => `user#${id}`, users: ({ id }) => [id], ignore: ['created', 'updated', 'version'] },
});
