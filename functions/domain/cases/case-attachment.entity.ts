import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';
import { casePartition } from './case.entity';

/**
 * An attachment of a case: pk `case#{caseId}`, sk `attachment#{id:10}`; found by its id alone through
 * gsi2 `case-attachment#{id}`. Its file is in the attachments bucket under `{caseId}/{id}/{filename}`
 * (the link's path below /attachments). `uploading` while a presigned upload is under way, `stored` once
 * the file is there (a presigned upload's file lands under `staging_key` in the staging bucket first;
 * completing it copies it here, while the record is `completing`, so that only one completion copies).
 */
export const attachmentSchema = item({
  case_id: number().key(),
  id: number().key(),
  user_id: number(),
  filename: string(),
  content_type: string(),
  size: number(),
  state: string().enum('uploading', 'completing', 'stored'),
  uploaded: string(),
  /** A presigned upload's key in the staging bucket (fresh per form), where its one file lands before completion takes it. */
  staging_key: string().optional(),
});

export const attachmentKey = ({ case_id, id, filename }: { case_id: number; id: number; filename: string }) => `${case_id}/${id}/${filename}`;

/** The index partition that finds an attachment by its id alone. */
export const attachmentIndexPartition = (id: number) => `case-attachment#${id}`;

export const CaseAttachmentEntity = new Entity({
  name: 'case-attachment',
  table: portalTable,
  schema: attachmentSchema.and({
    gsi2pk: string()
      .hidden()
      .link<typeof attachmentSchema>(({ id }) => attachmentIndexPartition(id)),
    gsi2sk: string()
      .hidden()
      .link<typeof attachmentSchema>(() => 'attachment'),
  }),
  computeKey: ({ case_id, id }) => ({ pk: casePartition(case_id), sk: `attachment#${String(id).padStart(10, '0')}` }),
  timestamps: false,
});
