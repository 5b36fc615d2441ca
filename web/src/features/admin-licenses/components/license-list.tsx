import { Group, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ALL_LICENSES_PAGE_SIZE, type LicenseOrderColumn, licAdminContract } from '../../../../../shared/contract/lic.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { pageCount } from '../../../lib/paging';
import type { SortOrder } from '../../../lib/sorting';
import { useLastPageBound } from '../../../lib/use-list-search';
import { type AllLicensesParams } from '../license-list-query';
import { adminLicenseTexts } from '../messages';
import { LicensesTable } from './licenses-table';

interface LicenseListProps {
  params: AllLicensesParams;
  sort: SortOrder<LicenseOrderColumn>;
  onSort: (column: LicenseOrderColumn) => void;
  page: number;
  onPage: (page: number) => void;
  showOwner: boolean;
  /** What an empty list says. */
  emptyText: string;
  /** Beside the count above the table (e.g. Copy to clipboard). */
  toolbar?: ReactNode;
}

/**
 * One page of licenses from get_all_licenses: how many there are, the table, and the page dropdown
 * below it (none for a single page).
 */
export function LicenseList({ params, sort, onSort, page, onPage, showOwner, emptyText, toolbar }: LicenseListProps) {
  const list = useCmdQuery(licAdminContract, 'get_all_licenses', params, { placeholderData: keepPreviousData });
  const count = list.data?.count ?? 0;
  const pages = pageCount(count, ALL_LICENSES_PAGE_SIZE);

  // A page that no longer exists (the list got shorter) shows the last one.
  useLastPageBound(page, pages, list.data !== undefined && !list.isPlaceholderData, onPage);

  if (list.isPending) return <PageLoader />;
  // A failed load shows its message in red at the top of the page.
  if (!list.data) return null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {adminLicenseTexts.licenseCount(count)}
        </Text>
        {toolbar}
      </Group>
      {list.data.rows.length === 0 ? (
        <Text>{emptyText}</Text>
      ) : (
        <LicensesTable
          rows={list.data.rows}
          sort={sort}
          onSort={onSort}
          showOwner={showOwner}
          busy={list.isPlaceholderData}
        />
      )}
      <Group justify="flex-end">
        <PageSelect page={Math.min(page, Math.max(pages, 1))} pages={pages} onChange={onPage} />
      </Group>
    </Stack>
  );
}
