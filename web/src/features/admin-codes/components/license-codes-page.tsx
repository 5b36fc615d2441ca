import { Anchor } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { codeListColumns } from '../../../../../shared/lists/admin-lists';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageTitle } from '../../../components/page-title';
import { SearchableList } from '../../../components/searchable-list';
import { paths } from '../../../lib/routing/paths';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { licenseCodeTexts } from '../messages';
import { LicenseCodesTable } from './license-codes-table';

/**
 * License codes (admin): a search (code, description or user), the codes 40 a page, newest first until a
 * column header sorts them, and the page dropdown (none for one page). Search, order and page live in the
 * page's address, so Back from a redeeming user's detail shows the same list.
 */
export default function LicenseCodesPage() {
  const { list, pageParams, pageSize } = useDeclaredList(codeListColumns);
  const codes = useCmdQuery(licAdminContract, 'get_license_codes', pageParams, { placeholderData: keepPreviousData });

  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="Code, description or user"
        actions={
          <Anchor component={Link} to={paths.createCodes} size="sm">
            {licenseCodeTexts.toGenerator}
          </Anchor>
        }
        query={codes}
        pageSize={pageSize}
        summary={licenseCodeTexts.codeCount}
        hasRows={(codes.data?.codes.length ?? 0) > 0}
        emptyText={{ noMatch: licenseCodeTexts.noMatch, none: licenseCodeTexts.noCodes }}
      >
        {codes.data && <LicenseCodesTable rows={codes.data.codes} sort={list.sort} onSort={list.sortBy} busy={codes.isPlaceholderData} />}
      </SearchableList>
    </>
  );
}
