import { isCalendarDay } from '../../lib/dates';
import { useAddressUpdate } from '../../lib/use-list-search';

/** The audit list's filters as the page holds them: each a text, '' for any. */
export interface AuditFilterValues {
  admin: string;
  action: string;
  from: string;
  to: string;
}

const NAMES: readonly (keyof AuditFilterValues)[] = ['admin', 'action', 'from', 'to'];

/**
 * The audit list's filters, kept in the page's address beside its search, order and page (a reload or a
 * shared link shows the same entries); a new filter starts again at page 1. `params` are the filters as
 * get_audit_entries and get_audit_csv take them: a filter at "any" is left out.
 */
export function useAuditFilters() {
  const { params: address, update } = useAddressUpdate();
  const filters = Object.fromEntries(NAMES.map((name) => [name, address.get(name) ?? ''])) as unknown as AuditFilterValues;
  const adminId = Number.parseInt(filters.admin, 10);
  const params = {
    ...(adminId > 0 ? { by_user_id: adminId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(isCalendarDay(filters.from) ? { from: filters.from } : {}),
    ...(isCalendarDay(filters.to) ? { to: filters.to } : {}),
  };
  return {
    filters,
    params,
    setFilter: (name: keyof AuditFilterValues, value: string) => update({ [name]: value === '' ? null : value, page: null }),
  };
}
