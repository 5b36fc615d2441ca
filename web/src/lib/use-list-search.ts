import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useRememberListAddress } from './list-return';
import { nextSort, type SortOrder } from './sorting';

/**
 * The page's address values, and `update`, which sets them or removes them (null) in place of the current
 * history entry. Updates made before the page renders again build on each other: react-router hands a
 * functional `setSearchParams` the values of the last render, so two filters committed at once (one
 * field's pause ending as another changes) would otherwise keep only the second.
 */
export function useAddressUpdate() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // The values of this render, for an update made before the next one (see above).
  // eslint-disable-next-line react-hooks/refs -- the ref is the point: it outlives the render's values
  latest.current = params;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    latest.current = next;
    setParams(next, { replace: true });
  };
  return { params, update };
}

/**
 * An admin list's order and page in the page's address (`sort`, `desc`, `page`), and `update` for any
 * other value the list keeps there: a reload, the browser's Back from a linked page, or a shared link
 * shows the same list, and so does a detail's link back to the list (lib/list-return). Values at their
 * default are left out (null removes one). An order by a column the list does not have falls back to
 * `defaultSort`.
 */
export function useListAddress<Column extends string>(columns: readonly Column[], defaultSort: SortOrder<Column>) {
  const { params, update } = useAddressUpdate();
  useRememberListAddress();

  const orderBy = params.get('sort');
  const sort: SortOrder<Column> =
    orderBy !== null && (columns as readonly string[]).includes(orderBy)
      ? { orderBy: orderBy as Column, descending: params.get('desc') === '1' }
      : defaultSort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);

  return {
    params,
    sort,
    page,
    update,
    /** A new order starts again at page 1. */
    setSort: (next: SortOrder<Column>) => update({ sort: next.orderBy, desc: next.descending ? '1' : '0', page: null }),
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
  };
}

/** A searchable, sortable, paged admin list's state in the address (useListAddress, plus `search`). */
export function useListSearch<Column extends string>(columns: readonly Column[], defaultSort: SortOrder<Column>) {
  const { params, sort, page, update, setSort, setPage } = useListAddress(columns, defaultSort);
  return {
    search: params.get('search') ?? '',
    sort,
    page,
    /** A new search starts again at page 1. */
    setSearch: (value: string) => update({ search: value === '' ? null : value, page: null }),
    /** A click on a column's header (lib/sorting nextSort). */
    sortBy: (column: Column) => setSort(nextSort(sort, column)),
    setPage,
  };
}

export type ListSearch<Column extends string> = ReturnType<typeof useListSearch<Column>>;

/** A list's order and search as its cmd takes them (a blank search is none): also what its CSV export takes. */
export const listQuery = <Column extends string>({ search, sort }: Pick<ListSearch<Column>, 'search' | 'sort'>) => ({
  order_by: sort.orderBy,
  descending: sort.descending,
  search: search.trim() || undefined,
});

/** One page of a list as its cmd takes it: `limit` rows of the list's page, in its order and search. */
export const listPageQuery = <Column extends string>(list: Pick<ListSearch<Column>, 'search' | 'sort' | 'page'>, limit: number) => ({
  limit,
  page: list.page,
  ...listQuery(list),
});

/**
 * A page that no longer exists (the list got shorter) shows the last one, once the list's `settled`
 * answer (not the previous page's rows kept while loading) says how many pages there are.
 */
export function useLastPageBound(page: number, pages: number, settled: boolean, setPage: (page: number) => void) {
  // `setPage` may be a new function at every render: only the answer and the page decide.
  const showPage = useEffectEvent(setPage);
  useEffect(() => {
    if (settled && pages > 0 && page > pages) showPage(pages);
  }, [settled, page, pages]);
}
