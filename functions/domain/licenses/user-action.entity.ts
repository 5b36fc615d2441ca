import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';
import { timeOrderedKey } from '../../lib/db/time-key';

/**
 * Something done to a user's belongings (a license or product moved to or from them …), kept for the admin's user
 * detail, newest first.
 *
 * | access pattern            | key                                          | operation          |
 * |---------------------------|----------------------------------------------|--------------------|
 * | a user's actions          | pk `actions#{userId}`, sk `{ISO time}#{id}`  | Query, descending  |
 */
export const UserActionEntity = new Entity({
  name: 'user-action',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    /** ISO time, then a random id: unique, and in time order (lib/db/time-key.ts). */
    at: string().key(),
    action: string(),
    license_id: number().optional(),
    /** A moved product's id (move_product). */
    product_id: number().optional(),
    from_user_id: number().optional(),
    to_user_id: number().optional(),
    /** Who did it (the owner, or an admin). */
    by_user_id: number(),
  }),
  computeKey: ({ user_id, at }) => ({ pk: `actions#${user_id}`, sk: at }),
  timestamps: false,
});

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
