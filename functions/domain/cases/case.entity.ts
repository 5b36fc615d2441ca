import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * A support case. Its comments, attachments and history share its partition (`case#{id}`), so the
 * dialog reads the whole case with one Query.
 *
 * | access pattern                 | key / index                                          | operation |
 * |--------------------------------|------------------------------------------------------|-----------|
 * | a case by id                   | pk `case#{id}`, sk `case`                            | GetItem   |
 * | a case with everything on it   | pk `case#{id}`                                       | Query     |
 * | a user's cases                 | gsi1 `cases-of#{userId}` / `case#{id:10}`            | Query     |
 * | every case (an admin's list)   | the admin list rows (case-list.ts, decision 027)     | in memory |
 *
 * Every write is conditioned on the `revision` it read, so two writers never both apply to one state.
 */
export const caseSchema = item({
  id: number().key(),
  user_id: number(),
  /** The user's name and email when the case was opened (blanked when their account is deleted). */
  name: string(),
  email: string(),
  title: string(),
  description: string(),
  /** 0 Closed, 1 New, 2 Waiting for user response, 3 Waiting for admin response. */
  state: number(),
  assigned_to: number().optional(),
  /**
   * What the case is about, named by its user when opening it (one they held then): a license (its id and
   * type) and/or a registered product (its id, product id and uid). Kept as they were, so the case still
   * says what it was about after the license or unit moved on.
   */
  license_id: number().optional(),
  license_type_id: string().optional(),
  product_id: number().optional(),
  product_kind: string().optional(),
  product_uid: string().optional(),
  /** Stored attachments (not uploads under way). */
  attachment_count: number(),
  /** Attachments, stored or under way: what the per-case limit counts. */
  attachment_slots: number(),
  /** Bytes of the attachments its user sent (stored or under way; none before this was kept): what the quota across a user's open cases counts. */
  customer_bytes: number().optional(),
  revision: number(),
  created: string(),
  updated: string(),
});

export const casesOfPartition = (userId: number) => `cases-of#${userId}`;
export const casePartition = (id: number) => `case#${id}`;

export const CaseEntity = new Entity({
  name: 'case',
  table: portalTable,
  schema: caseSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof caseSchema>(({ user_id }) => casesOfPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof caseSchema>(({ id }) => `case#${String(id).padStart(10, '0')}`),
  }),
  computeKey: ({ id }) => ({ pk: casePartition(id), sk: 'case' }),
  timestamps: false,
});
