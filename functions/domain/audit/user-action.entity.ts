import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * Something done to or by a user (a license or product moved to or from them, a refund that could not
 * restore a license …), kept in the user's own trail, newest first: the admin's user detail lists it.
 * An entry says who did it, when, what (the action, and for an API call its cmd and request id), to
 * what (the ids it names) and, where a value changed, what it was before and after; the admin audit
 * trail of every admin action is meant to be written here as well (audit.repository.ts).
 *
 * | access pattern            | key                                          | operation          |
 * |---------------------------|----------------------------------------------|--------------------|
 * | a user's actions          | pk `actions#{userId}`, sk `{ISO time}#{id}`  | Query, descending  |
 */
export const UserActionEntity = new Entity({
  name: 'user-action',
  table: portalTable,
  schema: item({
    /** Whose trail it is in. */
    user_id: number().key(),
    /** When: ISO time, then a random id: unique, and in time order (lib/db/time-key.ts). */
    at: string().key(),
    /** What happened: `move_license`, `move_product`, `refund_not_restored` … */
    action: string(),
    license_id: number().optional(),
    /** A moved product's id (move_product). */
    product_id: number().optional(),
    from_user_id: number().optional(),
    to_user_id: number().optional(),
    /** Who did it (the owner, an admin, or the user themself). */
    by_user_id: number(),
    /** The API cmd that did it (`endpoint/cmd`), when an API call did. */
    cmd: string().optional(),
    /** What it was done to, when not a license or product: `{kind}#{id}`. */
    target: string().optional(),
    /** The changed values before and after, as JSON (only what changed). */
    before: string().optional(),
    after: string().optional(),
    /** The request's id, to find its log lines. */
    request_id: string().optional(),
  }),
  computeKey: ({ user_id, at }) => ({ pk: `actions#${user_id}`, sk: at }),
  timestamps: false,
});
