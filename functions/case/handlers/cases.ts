import { CASE_UPLOAD_BYTES, caseMessages } from '../../../shared/cases/cases';
import type { LicenseTypeId } from '../../../shared/licenses/catalog';
import type { caseContract } from '../../../shared/contract/case';
import type { caseAdminContract } from '../../../shared/contract/case.admin';
import { attachmentLink } from '../../domain/cases/case-files';
import { readCaseStatistics } from '../../domain/cases/case-figures';
import { caseList, caseSummary, toCaseListRow } from '../../domain/cases/case-list';
import { mailCaseWriting } from '../../domain/cases/case-mail';
import type { CaseAttachmentRecord, CaseCommentRecord, CaseRecord } from '../../domain/cases/case-record';
import { mayDeleteAttachment, maySeeCase, type CaseViewer } from '../../domain/cases/case.rules';
import { assignCase, checkCommentKind, closeCase, commentOnCase, openCase, caseBytes, visibleCase } from '../../domain/cases/cases';
import { commentPage } from '../../domain/cases/case-comments';
import { casesOf, findCaseWithDetails } from '../../domain/cases/cases.repository';
import { personName } from '../../domain/users/person';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../endpoint';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { caseSubjectOf } from './case-subject';
import { isEnrolledAdmin as isAdminUser } from '../../domain/users/admin-group';

type Handlers = EndpointHandlers<typeof caseContract> & EndpointHandlers<typeof caseAdminContract>;

/**
 * Holds a customer's upload of `bytes` to what their cases may hold (400 beyond, as a case's count is).
 * The hour's uploads and the day's bytes are the contract's limits, taken before the handler runs and
 * given back when the upload is refused.
 */
export async function checkCaseBytes(viewer: CaseViewer, bytes: number): Promise<void> {
  if (!viewer.isAdmin && (await caseBytes(viewer.userId)) + bytes > CASE_UPLOAD_BYTES.cases) throw badRequest(caseMessages.caseBytesFull);
}

/** An attachment as the viewer gets it: a fresh short-lived link to a stored file. */
export const attachmentResult = async (attachment: CaseAttachmentRecord, viewer: CaseViewer) => ({
  id: attachment.id,
  case_id: attachment.case_id,
  uploaded: attachment.uploaded,
  // One being completed is still an upload under way to the caller.
  state: attachment.state === 'stored' ? ('stored' as const) : ('uploading' as const),
  filename: attachment.filename,
  user_id: attachment.user_id,
  size: attachment.size,
  content_type: attachment.content_type,
  link: attachment.state === 'stored' ? await attachmentLink(attachment) : null,
  can_delete: mayDeleteAttachment(attachment, viewer),
});

/** An admin's list is every case (the declared list in memory); a customer's their own, by Query, filtered the same way. */
export const getCases: Handlers['get_cases'] = async (params, { viewer }) => {
  if (viewer.isAdmin) {
    const page = await caseList.page(params);
    return { cases: page.rows, count: page.count };
  }
  const own = (await casesOf(viewer.userId)).map(toCaseListRow);
  const page = caseList.pageFrom(own, {}, { ...params, user: null, assigned_to: null, search: params.search });
  return { cases: page.rows, count: page.count };
};

/** A comment as the viewer gets it: an admin also reads whether it is an internal note. */
const commentResult = ({ id, comment, user_id, created, by_admin, internal }: CaseCommentRecord, viewer: CaseViewer) => ({
  id,
  comment,
  user_id,
  created,
  by_admin,
  ...(viewer.isAdmin ? { internal: internal === true } : {}),
});

/** What the case is about, as it was named when opened. */
const subjectResult = (kase: CaseRecord) => ({
  license: kase.license_id !== undefined && kase.license_type_id !== undefined ? { id: kase.license_id, license_type_id: kase.license_type_id as LicenseTypeId } : null,
  product:
    kase.product_id !== undefined && kase.product_kind !== undefined && kase.product_uid !== undefined
      ? { id: kase.product_id, product_id: kase.product_kind, uid: kase.product_uid }
      : null,
});

/** A case with what the viewer may read of it: internal notes and the history only for admins, left out (not hidden) for its user. */
export const getCase: Handlers['get_case'] = async ({ id }, { viewer }) => {
  const found = await findCaseWithDetails(id);
  if (!found || !maySeeCase(found.kase, viewer)) throw notFound(caseMessages.notFound(id));
  const conversation = await commentPage(id, viewer, null);
  return {
    ...caseSummary(found.kase),
    ...subjectResult(found.kase),
    comments: conversation.comments.map((comment) => commentResult(comment, viewer)),
    earlier_comments: conversation.earlier,
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

/** Earlier comments of a case the viewer may see, a page at a time as get_case answers the newest. */
export const getCaseComments: Handlers['get_case_comments'] = async ({ case_id, before }, { viewer }) => {
  await visibleCase(case_id, viewer);
  const page = await commentPage(case_id, viewer, before);
  return { comments: page.comments.map((comment) => commentResult(comment, viewer)), earlier_comments: page.earlier };
};

export const getCaseStatistics: Handlers['get_case_statistics'] = () => readCaseStatistics();

/**
 * Opens a case for the caller, or with `user_id` (admins only) for that customer, as support does for a
 * customer who called: the case is theirs (name, email, their list), and the admin who opened it is in its
 * history and audited. A license or product it names must be the case's customer's, else nothing is opened.
 */
export const createCase: Handlers['create_case'] = async ({ title, description, license_id, product_id, user_id }, { viewer }) => {
  const forCustomer = user_id !== undefined;
  if (forCustomer && !viewer.isAdmin) throw forbidden(caseMessages.openForCustomerAdminsOnly);
  const opener = await viewer.user();
  const user = forCustomer ? await findUserById(user_id) : opener;
  if (!user) throw notFound(caseMessages.customerNotFound(user_id!));
  const byAdminForCustomer = user.id !== opener.id;
  // A refused case gives its attempt back (the contract's `createCase` counts accepted cases only).
  const subject = await caseSubjectOf(user.id, { license_id, product_id });
  const kase = await openCase(
    { id: user.id, name: personName(user), email: user.email },
    title,
    description,
    subject,
    byAdminForCustomer ? { by_user_id: opener.id } : undefined,
  );
  // A customer's case tells support; one support opened for a customer tells the customer, as an answer does.
  await mailCaseWriting({ kase, what: 'opened', authorId: opener.id, bySupport: byAdminForCustomer, text: description, visibleToCustomer: true });
  return { id: kase.id };
};

/**
 * A comment, or with `internal` an admin's internal note. The answer's state is the case's after it (a
 * note leaves it as it was). Whatever reaches the other side after a comment (mail) skips a note.
 */
export const addComment: Handlers['add_comment'] = async ({ case_id, comment, close, internal }, { viewer }) => {
  // A customer's note is refused before anything is read or an attempt taken.
  checkCommentKind(viewer, close ?? false, internal ?? false);
  // Another's case is "not found" (and its attempt given back).
  await visibleCase(case_id, viewer);
  const written = await commentOnCase(case_id, viewer, comment, close ?? false, { internal: internal ?? false });
  // Support's answer mails the customer, the customer's comment mails support; an internal note mails nobody.
  await mailCaseWriting({
    kase: written.kase,
    what: 'comment',
    authorId: viewer.userId,
    bySupport: viewer.isAdmin,
    text: comment,
    visibleToCustomer: !written.comment.internal,
  });
  return { case_id, comment_id: written.commentId, state: written.kase.state };
};

export const assignCaseHandler: Handlers['assign_case'] = async ({ case_id, user_id }, { viewer }) => {
  const assignee = typeof user_id === 'number' ? user_id : undefined;
  if (assignee !== undefined) {
    const user = await findUserById(assignee);
    if (!user || !(await isAdminUser(user.username))) throw badRequest(caseMessages.assigneeNotAdmin(assignee));
  }
  const kase = await assignCase(case_id, viewer, assignee);
  return { case_id, assigned_to: kase.assigned_to ?? null };
};

export const closeCaseHandler: Handlers['close_case'] = async ({ case_id }, { viewer }) => {
  const kase = await closeCase(case_id, viewer);
  return { case_id, state: kase.state };
};
