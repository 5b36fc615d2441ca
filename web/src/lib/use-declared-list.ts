import type { ListColumns } from '../../../shared/lists/declare';
import { listPageQuery, useListSearch } from './use-list-search';

/**
 * A searchable admin list screen's state from its list's declaration (shared/lists/admin-lists.ts): its
 * order, page and search in the address (useListSearch) with the declared columns and default order,
 * and the params of the page to load, the declared page size of rows.
 */
export function useDeclaredList<Column extends string>(columns: ListColumns<Column>) {
  const list = useListSearch(columns.orderBy, columns.defaultOrder);
  return { list, pageParams: listPageQuery(list, columns.pageSize), pageSize: columns.pageSize };
}
