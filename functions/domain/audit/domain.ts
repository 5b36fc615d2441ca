import type { DomainDeclaration } from '../../lib/records/domain';
import { timeOfKey } from '../../lib/db/time-key';
import { userList, type UserListRow } from '../users/user-list';
import { USER_DETAIL_ROWS } from '../../../shared/contract/user.admin';
import { userActions } from './audit.repository';
import { entryPeople } from './entry-people';
import { LicenseHistoryEntity, OrganisationHistoryEntity, UserActionEntity } from './user-action.entity';

/**
 * The audit domain's part of the admin user detail: the user's newest actions (USER_DETAIL_ROWS), each with the
 * emails of the users it names (from the users list, as the admin lists join them; null for one gone).
 */
export const auditUserDetail = async (userId: number) => {
  // The newest only: a trail grows with every move and share; the audit trail page has the older ones.
  const actions = await userActions(userId, USER_DETAIL_ROWS);
  const users = actions.length ? await userList.current() : new Map<number, UserListRow>();
  const email = (id: number) => users.get(id)?.email ?? null;
  return {
    userActions: actions.map((action) => {
      const from = action.from_user_id ?? 0;
      const to = action.to_user_id ?? 0;
      return {
        id: action.at,
        created: timeOfKey(action.at),
        action: action.action,
        license_id: action.license_id ?? null,
        product_id: action.product_id ?? null,
        from_user_id: from,
        to_user_id: to,
        by_user_id: action.by_user_id,
        from_user_email: email(from),
        to_user_email: email(to),
        by_user_email: email(action.by_user_id),
        cmd: action.cmd ?? null,
        target: action.target ?? null,
        before: action.before ?? null,
        after: action.after ?? null,
        people: entryPeople(action, users),
      };
    }),
  };
};

/**
 * The audit domain: the user's trail (admin actions on their belongings, moves, shares, refunds not
 * restored) and the licenses' histories. A deleted user's entries are kept, naming them by id only: the
 * audit trail is the record of who changed what, and no cmd edits or deletes an entry (decision 037).
 */
export const auditDomain = {
  domain: 'audit',
  parts: [
    {
      what: "the user's actions: what was changed of theirs, moved or shared to or from them, by whom, when (ids and changed values)",
      entities: [UserActionEntity],
      fate: 'keep',
      why: 'the audit trail of licenses and products, which are kept, and the other party of each move keeps the same entry; ids only, no personal data',
    },
    {
      what: 'entries in the histories of licenses and organisations (and the admin audit list) naming the user as the one who acted or the owner',
      entities: [LicenseHistoryEntity, OrganisationHistoryEntity],
      fate: 'keep',
      why: 'the audit trail is the record of who changed what and is never edited; it names the user by id only',
    },
  ],
  detail: auditUserDetail,
} as const satisfies DomainDeclaration;
