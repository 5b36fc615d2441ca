import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { declareRecordKind, type ChangeHints } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { licenseHoldingChanges } from '../users/user-holdings';
import { licenseTallies } from './license-figures';
import { licenseList } from './license-list';
import { LicenseViewEntity } from './license-view.entity';
import { OrganisationLicenseViewEntity } from './organisation-views.entity';
import { LicenseEntity, licenseKey, licensesOfPartition, licenseSortKey, type LicenseRecord } from './license.entity';

/**
 * The copies of a license in its users' lists (license-view.entity.ts), as a write takes it from `before`
 * (null: a new license) to `after`: the owner's copy (moved to the new owner's list on a move), one for
 * each user it is shared with (a user it is no longer shared with loses theirs), and its organisation's. A recipient's copy
 * keeps the owner's username written when it was shared (`sharedBy`).
 */
function licenseViewWrites(before: LicenseRecord | null, after: LicenseRecord | null, { sharedBy }: ChangeHints): TransactionWrite[] {
  if (!after) return [];
  const license_id = after.id;
  const was = new Set(before?.shared_users ?? []);
  const is = new Set(after.shared_users ?? []);
  // A recipient who becomes the owner keeps the copy (now the owner's): it is put, not deleted.
  const gone = [...was].filter((userId) => !is.has(userId) && userId !== after.user_id);
  if (before && before.user_id !== after.user_id) gone.push(before.user_id);
  const license = JSON.stringify(after);
  const organisation = after.organisation_id;
  const leftOrganisation = before?.organisation_id !== undefined && before.organisation_id !== organisation ? before.organisation_id : undefined;
  return [
    // Its organisation's copy (the seats screen, the members' lists); the one it left loses it.
    ...(organisation === undefined ? [] : [OrganisationLicenseViewEntity.build(PutTransaction).item({ organisation_id: organisation, license_id, license })]),
    ...(leftOrganisation === undefined ? [] : [OrganisationLicenseViewEntity.build(DeleteTransaction).key({ organisation_id: leftOrganisation, license_id })]),
    LicenseViewEntity.build(PutTransaction).item({ user_id: after.user_id, license_id, license }),
    // A recipient's copy keeps the owner's username it was given when shared.
    ...[...is].map((userId) =>
      LicenseViewEntity.build(UpdateTransaction).item({ user_id: userId, license_id, license, ...(sharedBy ? { owner_username: sharedBy } : {}) }),
    ),
    ...gone.map((userId) => LicenseViewEntity.build(DeleteTransaction).key({ user_id: userId, license_id })),
  ];
}

/**
 * A license as a record kind: listed (the admin license lists), counted by type and state, held (its
 * owner's counts on the users list), copied into its users' lists, audited in its owner's trail and its
 * own history. Written as an update of what changed, its index partition following its owner.
 */
export const licenseKind = declareRecordKind<
  typeof LicenseEntity,
  LicenseRecord,
  { license: typeof licenseKey; licensesOf: typeof licensesOfPartition; sortKey: typeof licenseSortKey }
>({
  name: 'license',
  entity: LicenseEntity,
  key: ({ id }) => ({ id }),
  keys: { license: licenseKey, licensesOf: licensesOfPartition, sortKey: licenseSortKey },
  write: 'update',
  linked: ({ user_id }) => ({ gsi1pk: licensesOfPartition(user_id) }),
  list: licenseList,
  tallies: licenseTallies,
  holdings: licenseHoldingChanges,
  copies: licenseViewWrites,
  audit: {
    trail: auditTrail,
    target: ({ id }) => `license#${id}`,
    users: ({ user_id }) => [user_id],
    names: ({ id }) => ({ license_id: id }),
    ignore: ['created', 'updated', 'version'],
  },
});
