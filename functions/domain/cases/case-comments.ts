import { CASE_COMMENT_PAGE } from '../../../shared/cases/cases';
import type { CaseCommentRecord } from './case-record';
import { mayReadComment, type CaseViewer } from './case.rules';
import { commentsBefore } from './cases.repository';

/** Comments read from the table at a time while a page fills. */
const READ = 25;

/**
 * A page of a case's conversation as the viewer may read it (a customer never gets an internal note):
 * the newest comments written before the comment `before` (null: the newest of all), at most
 * CASE_COMMENT_PAGE.most of them and CASE_COMMENT_PAGE.bytes together (always at least one), oldest
 * first; `earlier` says whether the viewer has earlier ones to ask for.
 */
export async function commentPage(caseId: number, viewer: CaseViewer, before: number | null): Promise<{ comments: CaseCommentRecord[]; earlier: boolean }> {
  const page: CaseCommentRecord[] = [];
  let bytes = 0;
  let next: Record<string, unknown> | undefined;
  for (;;) {
    const read = await commentsBefore(caseId, before, READ, next);
    for (const comment of read.comments) {
      if (!mayReadComment(comment, viewer)) continue;
      const size = Buffer.byteLength(JSON.stringify(comment));
      if (page.length > 0 && (page.length >= CASE_COMMENT_PAGE.most || bytes + size > CASE_COMMENT_PAGE.bytes)) return { comments: page.reverse(), earlier: true };
      page.push(comment);
      bytes += size;
    }
    if (!read.next) return { comments: page.reverse(), earlier: false };
    next = read.next;
  }
}
