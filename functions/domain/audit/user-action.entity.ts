import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * What an audit entry says, wherever it is kept: who did it, when, what (the action, and for an API
 * call its cmd and request id), to what (the ids it names, its target) and, where a value changed, what
 * it was before and after. Written only in the transaction of the change it records (audit.repository.ts),
 * never edited or deleted.
 */
const entryFields = {
  /** When: ISO time, then a random id: unique, and in time order (lib/db/time-key.ts). */
  at: string().key(),
  /** The entry's number (the admin audit list's row id); absent on entries from before the audit trail. */
  id: number().optional(),
  /** What happened: the cmd's name for an API call (`update_license` …), `move_license`, `refund_not_restored` … */
  action: string(),
  license_id: number().optional(),
  /** A moved product's id (move_product, unregister_product). */
  product_id: number().optional(),
  from_user_id: number().optional(),
  to_user_id: number().optional(),
  /** Who did it (an admin, the owner, or the user themself). */
  by_user_id: number(),
  /** The API cmd that did it (`endpoint/cmd`), when an API call did. */
  cmd: string().optional(),
  /** What it was done to: `{kind}#{id}` (`license#12`, `user#5`, `case#3`, `product#{uid}`, `subscription#7`, `codes#…`). */
  target: string().optional(),
  /** The changed values before and after, as JSON (only what changed). */
  before: string().optional(),
  after: string().optional(),
  /** The request's id, to find its log lines. */
  request_id: string().optional(),
};

/**
 * An entry in a user's trail (something done to or by them: their license edited by an admin, a license
 * or product moved to or from them, a share, a refund that could not restore a license …), newest first:
 * the admin's user detail lists it.
 *
 * | access pattern            | key                                          | operation          |
 * |---------------------------|----------------------------------------------|--------------------|
 * | a user's actions          | pk `actions#{userId}`, sk `{ISO time}#{id}`  | Query, descending  |
 */
/** A user's trail. */
export const actionsPartition = (userId: number) => `actions#${userId}`;
/** A license's history. */
export const licenseHistoryPartition = (licenseId: number) => `license-audit#${licenseId}`;
/** An organisation's history. */
export const organisationHistoryPartition = (organisationId: number) => `organisation-audit#${organisationId}`;

export const UserActionEntity = new Entity({
  name: 'user-action',
  table: portalTable,
  schema: item({
    /** Whose trail it is in. */
    user_id: number().key(),
    ...entryFields,
  }),
  computeKey: ({ user_id, at }) => ({ pk: actionsPartition(user_id), sk: at }),
  timestamps: false,
});

/**
 * The same entry in a license's history (the History view of All licenses): every entry naming the
 * license, whoever owned it then.
 *
 * | access pattern            | key                                                  | operation          |
 * |---------------------------|------------------------------------------------------|--------------------|
 * | a license's history       | pk `license-audit#{licenseId}`, sk `{ISO time}#{id}` | Query, descending  |
 */
export const LicenseHistoryEntity = new Entity({
  name: 'license-history',
  table: portalTable,
  schema: item({
    /** The license it is in the history of. */
    history_of: number().key(),
    ...entryFields,
  }),
  computeKey: ({ history_of, at }) => ({ pk: licenseHistoryPartition(history_of), sk: at }),
  timestamps: false,
});

/**
 * The same entry in an organisation's history (the portal admins' organisation detail): every entry whose
 * target is the organisation (its members, invitations, owner and seats).
 *
 * | access pattern               | key                                                            | operation          |
 * |------------------------------|----------------------------------------------------------------|--------------------|
 * | an organisation's history    | pk `organisation-audit#{organisationId}`, sk `{ISO time}#{id}` | Query, descending  |
 */
export const OrganisationHistoryEntity = new Entity({
  name: 'organisation-history',
  table: portalTable,
  schema: item({
    /** The organisation it is in the history of. */
    history_of: number().key(),
    ...entryFields,
  }),
  computeKey: ({ history_of, at }) => ({ pk: organisationHistoryPartition(history_of), sk: at }),
  timestamps: false,
});
