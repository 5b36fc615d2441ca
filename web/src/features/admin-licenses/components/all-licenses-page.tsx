import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { nextSort } from '../../../lib/sorting';
import { allLicensesParams, licenseExportParams } from '../license-list-query';
import { adminLicenseTexts } from '../messages';
import { useLicenseListSearch } from '../use-license-list-search';
import { CopyLicensesButton } from './copy-licenses-button';
import { LicenseCodeLinks } from './license-code-links';
import { LicenseFilters } from './license-filters';
import { LicenseList } from './license-list';

/**
 * All licenses (admin): links to the license code screens, the filters, Copy to clipboard (the filtered list as CSV), and the licenses 20 a
 * page, sorted by any column header, each with its admin actions. Filters, order and page live in the
 * page's address.
 */
export default function AllLicensesPage() {
  const { filters, sort, page, setFilter, setSort, setPage } = useLicenseListSearch();
  return (
    <>
      <PageTitle />
      <LicenseCodeLinks />
      <Stack gap="lg">
        <LicenseFilters filters={filters} onChange={setFilter} />
        <LicenseList
          params={allLicensesParams(filters, sort, page)}
          sort={sort}
          onSort={(column) => setSort(nextSort(sort, column))}
          page={page}
          onPage={setPage}
          showOwner
          emptyText={adminLicenseTexts.noMatch}
          toolbar={<CopyLicensesButton params={licenseExportParams(filters, sort)} />}
        />
      </Stack>
    </>
  );
}
