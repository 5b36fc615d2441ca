import { useState, type ReactNode } from 'react';
import { pageCount } from '../lib/paging';
import { PageSelect } from './page-select';

/** A detail's table shows 20 rows a page. */
const DETAIL_PAGE_SIZE = 20;

/**
 * One page of rows the screen already holds (a user detail's downloads or actions), and the page
 * dropdown under them (nothing when they fit on one page): a long list never makes a long page.
 */
export function PagedRows<Row>({ rows, children }: { rows: readonly Row[]; children: (page: readonly Row[]) => ReactNode }) {
  const [page, setPage] = useState(1);
  const pages = pageCount(rows.length, DETAIL_PAGE_SIZE);
  // Fewer rows than before (a reload): the last page there is.
  const shown = Math.min(page, Math.max(pages, 1));
  return (
    <>
      {children(rows.slice((shown - 1) * DETAIL_PAGE_SIZE, shown * DETAIL_PAGE_SIZE))}
      <PageSelect page={shown} pages={pages} onChange={setPage} />
    </>
  );
}
