import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { portalTable } from '../../lib/db/table';
import { timeOrderedKey } from '../../lib/db/time-key';
import { UserActionEntity } from './user-action.entity';

/**
 * The audit domain: who did what to whose belongings, and when. Entries are written in the same
 * transaction as the change they record (the writes below go into the other domain's transaction),
 * so a change is never without its entry, nor an entry without its change.
 */
export type UserActionRecord = FormattedItem<typeof UserActionEntity>;

/** A user's actions, newest first. */
export async function userActions(userId: number): Promise<UserActionRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserActionEntity)
    .query({ partition: `actions#${userId}` })
    .options({ reverse: true, maxPages: Infinity })
    .send();
  return Items ?? [];
}

/** A license or product given from one user to another, by its owner or an admin. */
export interface MoveAction {
  action: 'move_license' | 'move_product';
  license_id?: number;
  product_id?: number;
  from_user_id: number;
  to_user_id: number;
  by_user_id: number;
}

/** The writes that record a move for both users it concerns, for the transaction of the move itself. */
export const moveActionWrites = (move: MoveAction, now: Date) =>
  [move.from_user_id, move.to_user_id].map((userId) => UserActionEntity.build(PutTransaction).item({ ...move, user_id: userId, at: timeOrderedKey(now) }));

/**
 * A refund that could not take back a legacy upgrade (the license changed since): recorded with the buyer's
 * actions, where support sees it on the user's detail.
 */
export const refundNotRestoredWrite = (userId: number, licenseId: number, now: Date) =>
  UserActionEntity.build(PutTransaction).item({ user_id: userId, at: timeOrderedKey(now), action: 'refund_not_restored', license_id: licenseId, by_user_id: userId });
