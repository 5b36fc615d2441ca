import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, caseFilters, cleanAttachmentName, MAX_ATTACHMENT_NAME_LENGTH } from '../../../shared/cases/cases';
import { caseList, toCaseListRow } from './case-list';
import type { CaseRecord } from './case-record';
import { caseStatistics, mayDeleteAttachment, mayReadComment, maySeeCase, stateAfterComment } from './case.rules';

describe('the case state machine', () => {
  it('makes an admin comment wait for the user (2), a user comment wait for an admin (3), and a comment with close closed (0)', () => {
    expect(stateAfterComment(true, false)).toBe(2);
    expect(stateAfterComment(false, false)).toBe(3);
    expect(stateAfterComment(true, true)).toBe(0);
    expect(stateAfterComment(false, true)).toBe(0);
  });
});

describe('who may do what with a case', () => {
  it('shows a case to its user and admins only, and lets the uploader and admins delete an attachment', () => {
    expect(maySeeCase({ user_id: 7 }, { userId: 7, isAdmin: false })).toBe(true);
    expect(maySeeCase({ user_id: 7 }, { userId: 8, isAdmin: false })).toBe(false);
    expect(maySeeCase({ user_id: 7 }, { userId: 8, isAdmin: true })).toBe(true);
    expect(mayDeleteAttachment({ user_id: 8 }, { userId: 7, isAdmin: false })).toBe(false);
    expect(mayDeleteAttachment({ user_id: 7 }, { userId: 7, isAdmin: false })).toBe(true);
  });

  it('lets only admins read an internal note, everyone who sees the case a comment', () => {
    expect(mayReadComment({ internal: true }, { userId: 7, isAdmin: false })).toBe(false);
    expect(mayReadComment({ internal: true }, { userId: 8, isAdmin: true })).toBe(true);
    expect(mayReadComment({}, { userId: 7, isAdmin: false })).toBe(true);
    expect(mayReadComment({ internal: false }, { userId: 7, isAdmin: false })).toBe(true);
  });
});

describe('case statistics', () => {
  it('count open as 1, 2 and 3, waiting for admin as 1 and 3, waiting for user as 2', () => {
    expect(caseStatistics(new Map([[0, 4], [1, 1], [2, 2], [3, 3]]))).toEqual({ total: 10, open: 6, waiting_for_admin: 4, waiting_for_user: 2 });
    expect(caseStatistics(new Map())).toEqual({ total: 0, open: 0, waiting_for_admin: 0, waiting_for_user: 0 });
  });
});

describe('attachment names and types', () => {
  it('keeps the last path part of safe characters, the extension in lower case', () => {
    expect(cleanAttachmentName('C:\\logs\\run 1 (ä).LOG')).toBe('run_1_a_.log');
    expect(cleanAttachmentName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanAttachmentName('"><script>.png')).toBe('script_.png');
    expect(cleanAttachmentName('.htaccess')).toBeNull();
    expect(cleanAttachmentName('noextension')).toBeNull();
    expect(cleanAttachmentName(`${'a'.repeat(300)}.csv`)).toHaveLength(MAX_ATTACHMENT_NAME_LENGTH);
  });

  it('accepts only the allow-listed types, never HTML, SVG or scripts', () => {
    expect(attachmentTypeOf('a.pdf')).toBe('application/pdf');
    expect(attachmentTypeOf('a.log')).toBe('text/plain');
    for (const name of ['a.html', 'a.svg', 'a.js', 'a.exe']) expect(attachmentTypeOf(name)).toBeNull();
  });
});

describe('the case list', () => {
  const kase = (id: number, state: number, updated: string, extra: Partial<CaseRecord> = {}): CaseRecord => ({
    id,
    user_id: 1,
    name: 'Ann',
    email: 'ann@example.com',
    title: `Case ${id}`,
    description: 'x'.repeat(500),
    state,
    attachment_count: 0,
    attachment_slots: 0,
    revision: 1,
    created: '2026-01-01T00:00:00.000Z',
    updated,
    ...extra,
  });
  const rows = [kase(1, 0, '2026-01-03T00:00:00.000Z'), kase(2, 1, '2026-01-02T00:00:00.000Z', { assigned_to: 9 }), kase(3, 2, '2026-01-04T00:00:00.000Z', { user_id: 5 }), kase(4, 3, '2026-01-01T00:00:00.000Z')].map(toCaseListRow);

  it('is last updated first by default, and filters by states, user and assignee', () => {
    expect(caseList.pageFrom(rows, {}, {}).rows.map((row) => row.id)).toEqual([3, 1, 2, 4]);
    expect(caseList.pageFrom(rows, {}, { state: [...caseFilters.open] }).rows.map((row) => row.id)).toEqual([3, 2, 4]);
    expect(caseList.pageFrom(rows, {}, { state: [...caseFilters.waitingForAdmin] }).rows.map((row) => row.id)).toEqual([2, 4]);
    expect(caseList.pageFrom(rows, {}, { state: [...caseFilters.closed] }).rows.map((row) => row.id)).toEqual([1]);
    expect(caseList.pageFrom(rows, {}, { user: 5 }).rows.map((row) => row.id)).toEqual([3]);
    expect(caseList.pageFrom(rows, {}, { assigned_to: 9 }).rows.map((row) => row.id)).toEqual([2]);
    expect(caseList.pageFrom(rows, {}, { search: 'case 4' }).count).toBe(1);
  });

  it('pages 20 cases at a time and carries a description preview', () => {
    const many = Array.from({ length: 45 }, (_, i) => toCaseListRow(kase(i + 1, 1, `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`)));
    const page = caseList.pageFrom(many, {}, { page: 3 });
    expect(page.count).toBe(45);
    expect(page.rows).toHaveLength(5);
    expect(page.rows[0]!.description).toHaveLength(200);
  });
});
