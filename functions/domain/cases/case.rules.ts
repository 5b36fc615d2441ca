import { CASE_STATE, type CaseState } from '../../../shared/cases/cases';

/** Who is acting on a case. */
export interface CaseViewer {
  userId: number;
  isAdmin: boolean;
}

/**
 * The state a comment leaves a case in: closed when the comment closes it; else an admin's comment waits
 * for the user (2) and the user's waits for an admin (3), also on a closed case, which it reopens.
 */
export function stateAfterComment(byAdmin: boolean, close: boolean): CaseState {
  if (close) return CASE_STATE.closed;
  return byAdmin ? CASE_STATE.waitingForUser : CASE_STATE.waitingForAdmin;
}

/**
 * An internal note is support's working memory about a case: admins read it, the case's user never
 * does (it is left out of what they get, not hidden by the screen).
 */
export const mayReadComment = (comment: { internal?: boolean }, viewer: CaseViewer): boolean => viewer.isAdmin || comment.internal !== true;

/** A case is the business of its user and of the admins; to anyone else it does not exist. */
export const maySeeCase = (kase: { user_id: number }, viewer: CaseViewer): boolean => viewer.isAdmin || kase.user_id === viewer.userId;

/** An attachment is deleted by an admin or by whoever uploaded it. */
export const mayDeleteAttachment = (attachment: { user_id: number }, viewer: CaseViewer): boolean => viewer.isAdmin || attachment.user_id === viewer.userId;

/** The statistics from the number of cases in each state. */
export function caseStatistics(byState: ReadonlyMap<number, number>) {
  const of = (state: CaseState) => byState.get(state) ?? 0;
  return {
    total: [...byState.values()].reduce((sum, value) => sum + value, 0),
    open: of(CASE_STATE.new) + of(CASE_STATE.waitingForUser) + of(CASE_STATE.waitingForAdmin),
    waiting_for_admin: of(CASE_STATE.new) + of(CASE_STATE.waitingForAdmin),
    waiting_for_user: of(CASE_STATE.waitingForUser),
  };
}
