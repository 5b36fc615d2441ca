import { Group, Select, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useId, useMemo } from 'react';
import { PAGE_WINDOW, pageWindow } from '../lib/paging';

interface PageSelectProps {
  page: number;
  /** The list's number of pages (lib/paging pageCount). */
  pages: number;
  onChange: (page: number) => void;
}

const option = (page: number): ComboboxItem => ({ value: String(page), label: String(page) });

/**
 * A paged list's pagination: "Page [n] of N", nothing at all when the list has one page or none. The
 * dropdown opens on the ten pages around the current one; typing a number offers that page (and the
 * pages whose number starts with it), so every page, however far, is one choice away.
 */
export function PageSelect({ page, pages, onChange }: PageSelectProps) {
  const id = useId();
  const data = useMemo(() => Array.from({ length: pages }, (_, index) => option(index + 1)), [pages]);
  if (pages <= 1) return null;

  const filter: OptionsFilter = ({ options, search }) => {
    const typed = search.trim();
    if (typed === '') return pageWindow(page, pages).map(option);
    return options.filter((item) => 'value' in item && item.value.startsWith(typed)).slice(0, PAGE_WINDOW);
  };

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text component="label" htmlFor={id} size="sm">
        Page
      </Text>
      <Select
        id={id}
        size="sm"
        w={104}
        data={data}
        value={String(page)}
        searchable
        filter={filter}
        selectFirstOptionOnChange
        nothingFoundMessage="No such page"
        allowDeselect={false}
        withCheckIcon={false}
        inputMode="numeric"
        // A number typed replaces the current one rather than adding to it.
        onFocus={(event) => event.currentTarget.select()}
        onChange={(value) => {
          if (value) onChange(Number(value));
        }}
      />
      <Text size="sm">of {pages.toLocaleString('en-US')}</Text>
    </Group>
  );
}
