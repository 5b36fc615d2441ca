import { caseListColumns } from '../../../shared/lists/admin-lists';
import { declareList, type ListParams } from '../../lib/lists/declare-list';
import type { CaseRecord } from './case-record';

/** How much of a description a list row carries: the dialog (get_case) reads it whole. */
export const LIST_DESCRIPTION_LENGTH = 200;

/** A case's compact row. */
export interface CaseListRow {
  id: number;
  title: string;
  description: string;
  user_id: number;
  name: string;
  email: string;
  created: string;
  updated: string;
  state: number;
  assigned_to: number | null;
  attachment_count: number;
}

/** A case's fields as a list row and the dialog show them (the description whole). */
export const caseSummary = (kase: CaseRecord): CaseListRow => ({
  id: kase.id,
  title: kase.title,
  description: kase.description,
  user_id: kase.user_id,
  name: kase.name,
  email: kase.email,
  created: kase.created,
  updated: kase.updated,
  state: kase.state,
  assigned_to: kase.assigned_to ?? null,
  attachment_count: kase.attachment_count,
});

export const toCaseListRow = (kase: CaseRecord): CaseListRow => ({
  ...caseSummary(kase),
  description: kase.description.slice(0, LIST_DESCRIPTION_LENGTH),
});

export type CaseListParams = ListParams<(typeof caseListColumns.orderBy)[number]> & {
  state?: readonly number[] | null;
  user?: number | null;
  assigned_to?: number | null;
};

/**
 * Support cases: 20 a page, last updated first. Filters: the states asked (none: all), the user, the
 * assignee; a search finds a case by its id or user id, or text in its title, name or email.
 */
export const caseList = declareList({
  columns: caseListColumns,
  row: toCaseListRow,
  search: {
    numbers: (row: CaseListRow) => [row.id, row.user_id],
    texts: (row: CaseListRow) => [row.title, row.name, row.email],
  },
  filter: (params: CaseListParams) => {
    const states = params.state?.length ? new Set(params.state) : null;
    const { user, assigned_to: assignee } = params;
    if (!states && user == null && assignee == null) return undefined;
    // An assignee of 0 (no user has that id) asks for the cases assigned to nobody.
    const assigned = assignee === 0 ? null : assignee;
    return (row: CaseListRow) => (!states || states.has(row.state)) && (user == null || row.user_id === user) && (assignee == null || row.assigned_to === assigned);
  },
  sort: { user: (row: CaseListRow) => row.name.toLowerCase() || row.email },
  result: (row: CaseListRow) => row,
});
