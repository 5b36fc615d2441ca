import { caseFilters } from '../../../../shared/cases/cases';
import { useAddressUpdate } from '../../lib/use-list-search';

export type CaseFilter = keyof typeof caseFilters;
export const DEFAULT_CASE_FILTER: CaseFilter = 'open';

const isCaseFilter = (value: string | null): value is CaseFilter => value !== null && Object.hasOwn(caseFilters, value);

/**
 * The case list's filters in the page's address (`filter`, and for admins `user`, `mine` and `unassigned`), so a
 * reload or a shared link shows the same list; a changed filter starts again at page 1.
 */
export function useCaseFilters() {
  const { params, update: updateAddress } = useAddressUpdate();
  const filterParam = params.get('filter');
  const userParam = Number.parseInt(params.get('user') ?? '', 10);
  const update = (changes: Record<string, string | null>) => updateAddress({ ...changes, page: null });

  return {
    /** Open (1, 2, 3) unless another is chosen. */
    filter: isCaseFilter(filterParam) ? filterParam : DEFAULT_CASE_FILTER,
    user: Number.isInteger(userParam) && userParam > 0 ? userParam : null,
    assignedToMe: params.get('mine') === '1',
    /** Support's "Unassigned": the cases assigned to nobody (it and "Assigned to me" exclude each other). */
    unassigned: params.get('unassigned') === '1' && params.get('mine') !== '1',
    setFilter: (filter: CaseFilter) => update({ filter: filter === DEFAULT_CASE_FILTER ? null : filter }),
    setUser: (user: number | null) => update({ user: user === null ? null : String(user) }),
    setAssignedToMe: (mine: boolean) => update({ mine: mine ? '1' : null, ...(mine ? { unassigned: null } : {}) }),
    setUnassigned: (unassigned: boolean) => update({ unassigned: unassigned ? '1' : null, ...(unassigned ? { mine: null } : {}) }),
  };
}
