import type { Forget } from '../../lib/user-data';
import { casesCounted } from './case-figures';
import { caseKind } from './case.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { CaseAttachmentEntity } from './case-attachment.entity';
import { CaseCommentEntity } from './case-comment.entity';
import { CaseEventEntity } from './case-event.entity';
import { CaseEntity } from './case.entity';
import { caseSummary } from './case-list';
import { forgetCaseOwner } from './cases';
import { casesOf } from './cases.repository';

/** The cases domain's part of the admin user detail: the user's support cases, last updated first. */
export const casesUserDetail = async (userId: number) => ({
  cases: (await casesOf(userId)).map(caseSummary).sort((a, b) => b.updated.localeCompare(a.updated)),
});

/** What becomes of a deleted user's cases: kept, their name and email blanked. */
export const forgetCases: Forget = (user) => forgetCaseOwner(user.id);

/** Support cases: a deleted user's cases stay as support's history, without their name and email. */
export const casesDomain = {
  domain: 'cases',
  kinds: [caseKind],
  counted: casesCounted,
  parts: [
    {
      what: "the user's support cases: kept, their name and email blanked; the assignee kept by id",
      entities: [CaseEntity],
      fate: 'detach',
      why: "support's history of the product and its problems outlives an account; the case names the user by id only",
    },
    {
      what: 'comments, attachments and the history of state changes and assignments, by user id',
      entities: [CaseCommentEntity, CaseAttachmentEntity, CaseEventEntity],
      fate: 'keep',
      why: 'they are the conversation and audit trail of a case other people (support) took part in; ids only',
    },
  ],
  forget: forgetCases,
  detail: casesUserDetail,
} as const satisfies DomainDeclaration;
