import { useState } from 'react';

/**
 * A searched, paged list's state on a screen that shows two of them (members, licenses): kept in the
 * component, not the address, where two lists would clash. A new search starts again at page 1.
 */
export function useSearchedPages() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  return {
    search,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
  };
}
