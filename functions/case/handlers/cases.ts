import { CASE_LIMITS, caseMessages } from '../../../shared/cases/cases';
import type { caseContract } from '../../../shared/contract/case';
import type { caseAdminContract } from '../../../shared/contract/case.admin';
import { attachmentLink } from '../../domain/cases/case-files';
import { readCaseStatistics } from '../../domain/cases/case-figures';
import { caseList, caseSummary, toCaseListRow } from '../../domain/cases/case-list';
import { mailCaseWriting } from '../../domain/cases/case-mail';
import type { CaseAttachmentRecord } from '../../domain/cases/case-record';
import { mayDeleteAttachment, maySeeCase, type CaseViewer } from '../../domain/cases/case.rules';
import { assignCase, closeCase, commentOnCase, openCase, visibleCase } from '../../domain/cases/cases';
import { casesOf, findCaseWithDetails } from '../../domain/cases/cases.repository';
import { personName } from '../../domain/users/person';
import { resolveCallerUser } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { badRequest, notFound } from '../../lib/errors';
import { isAdminUser, viewerOf } from './viewer';

type Handlers = EndpointHandlers<typeof caseContract> & EndpointHandlers<typeof caseAdminContract>;

const HOUR = 3600;
export const caseAttempts = {
  create: { action: 'create-case', max: CASE_LIMITS.cases, windowSeconds: HOUR, message: caseMessages.tooManyCases },
  comment: { action: 'case-comment', max: CASE_LIMITS.comments, windowSeconds: HOUR, message: caseMessages.tooManyComments },
  upload: { action: 'case-upload', max: CASE_LIMITS.uploads, windowSeconds: HOUR, message: caseMessages.tooManyUploads },
} satisfies Record<string, AttemptLimit>;

/** Takes one of a customer's attempts (admins are not held to the limits). */
export const limitCustomer = async (viewer: CaseViewer, limit: AttemptLimit): Promise<void> => {
  if (!viewer.isAdmin) await takeAttempt(limit, viewer.userId);
};


/** An attachment as the viewer gets it: a fresh short-lived link to a stored file. */
export const attachmentResult = async (attachment: CaseAttachmentRecord, viewer: CaseViewer) => ({
  id: attachment.id,
  case_id: attachment.case_id,
  uploaded: attachment.uploaded,
  state: attachment.state,
  filename: attachment.filename,
  user_id: attachment.user_id,
  size: attachment.size,
  content_type: attachment.content_type,
  link: attachment.state === 'stored' ? await attachmentLink(attachment) : null,
  can_delete: mayDeleteAttachment(attachment, viewer),
});

/** An admin's list is every case (the declared list in memory); a customer's their own, by Query, filtered the same way. */
export const getCases: Handlers['get_cases'] = async (params, { caller }) => {
  const viewer = await viewerOf(caller);
  if (viewer.isAdmin) {
    const page = await caseList.page(params);
    return { cases: page.rows, count: page.count };
  }
  const own = (await casesOf(viewer.userId)).map(toCaseListRow);
  const page = caseList.pageFrom(own, {}, { ...params, user: null, assigned_to: null, search: params.search });
  return { cases: page.rows, count: page.count };
};

export const getCase: Handlers['get_case'] = async ({ id }, { caller }) => {
  const viewer = await viewerOf(caller);
  const found = await findCaseWithDetails(id);
  if (!found || !maySeeCase(found.kase, viewer)) throw notFound(caseMessages.notFound(id));
  return {
    ...caseSummary(found.kase),
    comments: found.comments.map(({ id: commentId, comment, user_id, created, by_admin }) => ({ id: commentId, comment, user_id, created, by_admin })),
    attachments: await Promise.all(found.attachments.map((attachment) => attachmentResult(attachment, viewer))),
    ...(viewer.isAdmin
      ? {
          history: found.history.map((event) => ({
            at: event.at,
            by_user_id: event.by_user_id,
            kind: event.kind,
            from_state: event.from_state ?? null,
            to_state: event.to_state ?? null,
            assigned_to: event.assigned_to ?? null,
          })),
        }
      : {}),
  };
};

export const getCaseStatistics: Handlers['get_case_statistics'] = () => readCaseStatistics();

export const createCase: Handlers['create_case'] = async ({ title, description }, { caller }) => {
  const user = await resolveCallerUser(caller);
  await limitCustomer({ userId: user.id, isAdmin: caller.isAdmin }, caseAttempts.create);
  const kase = await openCase({ id: user.id, name: personName(user), email: user.email }, title, description);
  // Whoever opens a case is its customer: support hears of it.
  await mailCaseWriting({ kase, what: 'opened', authorId: user.id, bySupport: false, text: description, visibleToCustomer: true });
  return { id: kase.id };
};

export const addComment: Handlers['add_comment'] = async ({ case_id, comment, close }, { caller }) => {
  const viewer = await viewerOf(caller);
  // Another's case is "not found" before an attempt is taken.
  await visibleCase(case_id, viewer);
  await limitCustomer(viewer, caseAttempts.comment);
  const { kase, commentId } = await commentOnCase(case_id, viewer, comment, close ?? false);
  // Every comment is the customer's to see: support's answer mails the customer, the customer's mails support.
  await mailCaseWriting({ kase, what: 'comment', authorId: viewer.userId, bySupport: viewer.isAdmin, text: comment, visibleToCustomer: true });
  return { case_id, comment_id: commentId, state: kase.state };
};

export const assignCaseHandler: Handlers['assign_case'] = async ({ case_id, user_id }, { caller }) => {
  const viewer = await viewerOf(caller);
  const assignee = typeof user_id === 'number' ? user_id : undefined;
  if (assignee !== undefined) {
    const user = await findUserById(assignee);
    if (!user || !(await isAdminUser(user.username))) throw badRequest(caseMessages.assigneeNotAdmin(assignee));
  }
  const kase = await assignCase(case_id, viewer, assignee);
  return { case_id, assigned_to: kase.assigned_to ?? null };
};

export const closeCaseHandler: Handlers['close_case'] = async ({ case_id }, { caller }) => {
  const kase = await closeCase(case_id, await viewerOf(caller));
  return { case_id, state: kase.state };
};
