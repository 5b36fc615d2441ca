import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ORGANISATION_ROLES } from '../../../shared/organisations/organisations';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { portalTable, timestamps } from '../../lib/db/table';
import { MemberLicensesMarkEntity } from '../licenses/organisation-views.entity';
import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { organisationPartition, organisationSortKey } from './organisation-keys';

/**
 * A person's membership of an organisation, with their role; `created` is when they joined.
 *
 * | access pattern                     | key / index                                           | operation |
 * |------------------------------------|-------------------------------------------------------|-----------|
 * | an organisation's members          | pk `organisation#{id}`, sk begins `member#`           | Query     |
 * | a member                           | pk `organisation#{id}`, sk `member#{userId:10}`       | GetItem   |
 * | the organisations a person is in   | gsi1 `memberships-of#{userId}` / `organisation#{id:10}` | Query   |
 */
export const memberSortKey = (userId: number) => `member#${String(userId).padStart(10, '0')}`;
export const membershipsOfPartition = (userId: number) => `memberships-of#${userId}`;

const membershipSchema = item({
  organisation_id: number().key(),
  user_id: number().key(),
  role: string().enum(...ORGANISATION_ROLES),
  /**
   * The member's name, as their profile says it (written when they join, kept in step by their profile's
   * changes): the organisation's screens page and search 1,000 members without reading each person.
   */
  first_name: string().optional(),
  last_name: string().optional(),
  /** Their account's key (fixed for its life): their record is read by its key, not through an index. */
  sub: string().optional(),
});

export const MembershipEntity = new Entity({
  name: 'organisation-member',
  table: portalTable,
  schema: membershipSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof membershipSchema>(({ user_id }) => membershipsOfPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof membershipSchema>(({ organisation_id }) => organisationSortKey(organisation_id)),
  }),
  computeKey: ({ organisation_id, user_id }) => ({ pk: organisationPartition(organisation_id), sk: memberSortKey(user_id) }),
  timestamps,
});

export type MembershipRecord = FormattedItem<typeof MembershipEntity>;

/** The member's mark in their license views (organisation-views.entity.ts): their list reads the organisation's licenses while they are a member. */
const licensesMark = (before: MembershipRecord | null, after: MembershipRecord | null) => {
  if (after) return [MemberLicensesMarkEntity.build(PutTransaction).item({ user_id: after.user_id, organisation_id: after.organisation_id })];
  return before ? [MemberLicensesMarkEntity.build(DeleteTransaction).key({ user_id: before.user_id, organisation_id: before.organisation_id })] : [];
};

/** A membership as a record kind: marked in the member's license views, audited in the organisation's history and the member's trail. */
export const membershipKind = declareRecordKind<typeof MembershipEntity, MembershipRecord, { memberSortKey: typeof memberSortKey; membershipsOf: typeof membershipsOfPartition }>({
  name: 'organisation-member',
  entity: MembershipEntity,
  key: ({ organisation_id, user_id }) => ({ organisation_id, user_id }),
  keys: { memberSortKey, membershipsOf: membershipsOfPartition },
  copies: licensesMark,
  audit: {
    trail: auditTrail,
    target: ({ organisation_id }) => `organisation#${organisation_id}`,
    users: ({ user_id }) => [user_id],
    ignore: ['created', 'updated', 'organisation_id', 'first_name', 'last_name', 'sub'],
  },
});
