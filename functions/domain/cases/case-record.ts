import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { CaseAttachmentEntity } from './case-attachment.entity';
import type { CaseCommentEntity } from './case-comment.entity';
import type { CaseEntity } from './case.entity';
import type { CaseEventEntity } from './case-event.entity';

export type CaseRecord = FormattedItem<typeof CaseEntity>;
export type CaseCommentRecord = FormattedItem<typeof CaseCommentEntity>;
export type CaseAttachmentRecord = FormattedItem<typeof CaseAttachmentEntity>;
export type CaseEventRecord = FormattedItem<typeof CaseEventEntity>;
