import { Group, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { pageWindow } from '../lib/paging';

interface PageSelectProps {
  page: number;
  /** The list's number of pages (lib/paging pageCount). */
  pages: number;
  onChange: (page: number) => void;
}

/**
 * A paged list's pagination: "Page [n] of N", the dropdown offering ten pages around the
 * current one; nothing at all when the list has one page or none.
 */
export function PageSelect({ page, pages, onChange }: PageSelectProps) {
  const id = useId();
  if (pages <= 1) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text component="label" htmlFor={id} size="sm">
        Page
      </Text>
      <Select
        id={id}
        size="sm"
        w={96}
        data={pageWindow(page, pages).map(String)}
        value={String(page)}
        allowDeselect={false}
        withCheckIcon={false}
        onChange={(value) => {
          if (value) onChange(Number(value));
        }}
      />
      <Text size="sm">of {pages}</Text>
    </Group>
  );
}
