import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { INVITED_ROLES } from '../../../shared/organisations/organisations';
import { portalTable, timestamps } from '../../lib/db/table';
import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { organisationPartition } from './organisation-keys';

/**
 * An invitation to an organisation, sent to an email address: answered (accepted or declined) or
 * withdrawn, it is deleted, so it is used once; past `expires` nobody can answer it, and DynamoDB removes
 * it a day later (`ttl`). Its id is random and unguessable; it is answered only by a user whose email is
 * the one it was sent to (found through the index by that address).
 *
 * | access pattern                        | key / index                                               | operation |
 * |---------------------------------------|-----------------------------------------------------------|-----------|
 * | an organisation's invitations         | pk `organisation#{id}`, sk begins `invitation#`           | Query     |
 * | the invitations to an email address   | gsi1 `invitations-to#{email, lower case}` / `invitation#{id}` | Query |
 */
export const invitationSortKey = (id: string) => `invitation#${id}`;
export const invitationsToPartition = (email: string) => `invitations-to#${email.trim().toLowerCase()}`;

const invitationSchema = item({
  organisation_id: number().key(),
  id: string().key(),
  email: string(),
  role: string().enum(...INVITED_ROLES),
  /** Who invited. */
  by_user_id: number(),
  /** When its link stops working (ISO). */
  expires: string(),
  ttl: number(),
});

export const InvitationEntity = new Entity({
  name: 'organisation-invitation',
  table: portalTable,
  schema: invitationSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof invitationSchema>(({ email }) => invitationsToPartition(email)),
    gsi1sk: string()
      .hidden()
      .link<typeof invitationSchema>(({ id }) => invitationSortKey(id)),
  }),
  computeKey: ({ organisation_id, id }) => ({ pk: organisationPartition(organisation_id), sk: invitationSortKey(id) }),
  timestamps,
});

export type InvitationRecord = FormattedItem<typeof InvitationEntity>;

/** An invitation as a record kind: audited in the organisation's history and the inviter's trail. */
export const invitationKind = declareRecordKind<typeof InvitationEntity, InvitationRecord, { invitationsTo: typeof invitationsToPartition }>({
  name: 'organisation-invitation',
  entity: InvitationEntity,
  key: ({ organisation_id, id }) => ({ organisation_id, id }),
  keys: { invitationsTo: invitationsToPartition },
  audit: {
    trail: auditTrail,
    target: ({ organisation_id }) => `organisation#${organisation_id}`,
    users: ({ by_user_id }) => [by_user_id],
    // Whom and as what: the organisation is its target, the inviter its actor, the end fixed by the rule.
    ignore: ['created', 'updated', 'ttl', 'id', 'organisation_id', 'by_user_id', 'expires'],
  },
});
