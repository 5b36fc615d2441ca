import { Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount } from '../lib/paging';
import { useDebouncedField } from '../lib/use-debounced-field';
import { useLastPageBound, type ListSearch } from '../lib/use-list-search';
import { PageLoader } from './page-loader';
import { PageSelect } from './page-select';

interface SearchableListProps {
  /** The list's address state (useListSearch); its order belongs to the table. */
  list: Pick<ListSearch<string>, 'search' | 'setSearch' | 'page' | 'setPage'>;
  /** The search field's label: "Search", or what it searches where a page has two lists. */
  label?: string;
  /** What the search matches, as the field's placeholder. */
  placeholder: string;
  /** Beside the search: a copy button, a link to a related page … */
  actions?: ReactNode;
  /** The list's query: pending until a first answer, then the answer (a previous page's while the next loads). */
  query: { isPending: boolean; isPlaceholderData: boolean; data: { count: number } | undefined };
  pageSize: number;
  /** "12 units" above the table. */
  summary: (count: number) => string;
  /** Whether the page has rows; without, a text instead of the table: one for no match, one for an empty list. */
  hasRows: boolean;
  emptyText: { noMatch: string; none: string };
  /** The table. */
  children: ReactNode;
}

/**
 * A searchable admin list page's body: the search (kept in the address, debounced), the count, the
 * table or the empty text, and the page dropdown (none for one page). A page past the end shows the last.
 */
export function SearchableList({ list, label = 'Search', placeholder, actions, query, pageSize, summary, hasRows, emptyText, children }: SearchableListProps) {
  const [search, setSearch] = useDebouncedField(list.search, list.setSearch);
  const count = query.data?.count ?? 0;
  const pages = pageCount(count, pageSize);
  useLastPageBound(list.page, pages, query.data !== undefined && !query.isPlaceholderData, list.setPage);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={label}
          placeholder={placeholder}
          autoComplete="off"
          w={320}
          maw="100%"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {actions}
      </Group>
      {query.isPending ? (
        <PageLoader />
      ) : (
        // A failed load shows its message in red at the top of the page.
        query.data && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {summary(count)}
            </Text>
            {hasRows ? children : <Text>{list.search ? emptyText.noMatch : emptyText.none}</Text>}
            <Group justify="flex-end">
              <PageSelect page={Math.min(list.page, Math.max(pages, 1))} pages={pages} onChange={list.setPage} />
            </Group>
          </Stack>
        )
      )}
    </Stack>
  );
}
