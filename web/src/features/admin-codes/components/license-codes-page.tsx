import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { LICENSE_CODES_PAGE_SIZE } from '../../../../../shared/commerce/codes';
import { LICENSE_CODE_ORDER_COLUMNS } from '../../../../../shared/contract/lic.admin';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { PageTitle } from '../../../components/page-title';
import { pageCount } from '../../../lib/paging';
import { paths } from '../../../lib/routing/paths';
import { useDebouncedField } from '../../../lib/use-debounced-field';
import { useLastPageBound, useListSearch } from '../../../lib/use-list-search';
import { useLicenseCodes } from '../api/get-license-codes';
import { DEFAULT_CODE_SORT, licenseCodesParams } from '../list-query';
import { licenseCodeTexts } from '../messages';
import { LicenseCodesTable } from './license-codes-table';

/**
 * License codes (admin): a search (code, description or user), the codes 40 a page, newest first until a
 * column header sorts them, and the page dropdown (none for one page). Search, order and page live in the
 * page's address, so Back from a redeeming user's detail shows the same list.
 */
export default function LicenseCodesPage() {
  const list = useListSearch(LICENSE_CODE_ORDER_COLUMNS, DEFAULT_CODE_SORT);
  const [search, setSearch] = useDebouncedField(list.search, list.setSearch);
  const codes = useLicenseCodes(licenseCodesParams(list.search, list.sort, list.page));
  const count = codes.data?.count ?? 0;
  const pages = pageCount(count, LICENSE_CODES_PAGE_SIZE);
  useLastPageBound(list.page, pages, codes.data !== undefined && !codes.isPlaceholderData, list.setPage);

  return (
    <>
      <PageTitle />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            label="Search"
            placeholder="Code, description or user"
            autoComplete="off"
            w={320}
            maw="100%"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Anchor component={Link} to={paths.createCodes} size="sm">
            {licenseCodeTexts.toGenerator}
          </Anchor>
        </Group>
        {codes.isPending ? (
          <PageLoader />
        ) : (
          // A failed load shows its message in red at the top of the page.
          codes.data && (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {licenseCodeTexts.codeCount(count)}
              </Text>
              {codes.data.codes.length === 0 ? (
                <Text>{list.search ? licenseCodeTexts.noMatch : licenseCodeTexts.noCodes}</Text>
              ) : (
                <LicenseCodesTable rows={codes.data.codes} sort={list.sort} onSort={list.sortBy} busy={codes.isPlaceholderData} />
              )}
              <Group justify="flex-end">
                <PageSelect page={Math.min(list.page, Math.max(pages, 1))} pages={pages} onChange={list.setPage} />
              </Group>
            </Stack>
          )
        )}
      </Stack>
    </>
  );
}
