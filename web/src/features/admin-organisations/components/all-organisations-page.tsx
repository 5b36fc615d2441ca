import { Anchor, Table } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { organisationListColumns } from '../../../../../shared/organisations/organisations';
import { organisationsAdminContract, type OrganisationRow } from '../../../../../shared/organisations/organisations.admin';
import { call } from '../../../api/client';
import { useCmdQuery } from '../../../api/cmd-query';
import { CsvExportLink } from '../../../components/csv-export-link';
import { PageTitle } from '../../../components/page-title';
import { Person } from '../../../components/person';
import { SearchableList } from '../../../components/searchable-list';
import { SortableTable } from '../../../components/sortable-table';
import { formatDate } from '../../../lib/dates';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { listQuery } from '../../../lib/use-list-search';
import { userDetailPath } from '../../admin-users';
import { organisationPath } from '../../organisations';

type OrganisationOrderColumn = (typeof organisationListColumns.orderBy)[number];

const COLUMNS: readonly { column: OrganisationOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'name', header: 'Name' },
  { column: 'owner', header: 'Owner' },
  { column: 'members', header: 'Members' },
];

function OrganisationTableRow({ row }: { row: OrganisationRow }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={organisationPath(row.id)} size="sm">
          {row.id}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={organisationPath(row.id)} size="sm">
          {row.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Person id={row.owner_id} email={row.owner} to={userDetailPath(row.owner_id)} />
      </Table.Td>
      <Table.Td>{row.members}</Table.Td>
    </Table.Tr>
  );
}

/**
 * All organisations (admin): a search (id, name or owner's email), the organisations 20 a page, newest
 * first until a header sorts them, and Create CSV of the searched list in its order. Search, order and
 * page live in the page's address, so Back from an organisation shows the same list.
 */
export default function AllOrganisationsPage() {
  const { list, pageParams, pageSize } = useDeclaredList(organisationListColumns);
  const organisations = useCmdQuery(organisationsAdminContract, 'get_organisations', pageParams, { placeholderData: keepPreviousData });
  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="Id, name or owner's email"
        actions={<CsvExportLink create={() => call(organisationsAdminContract, 'get_organisations_csv', listQuery(list))} />}
        query={organisations}
        pageSize={pageSize}
        summary={(count) => `${count.toLocaleString('en-US')} ${count === 1 ? 'organisation' : 'organisations'}`}
        hasRows={(organisations.data?.organisations.length ?? 0) > 0}
        emptyText={{ noMatch: 'No organisations match the search.', none: 'No organisations yet.' }}
      >
        <SortableTable label="Organisations" columns={COLUMNS} sort={list.sort} onSort={list.sortBy} busy={organisations.isPlaceholderData} minWidth={720}>
          {organisations.data?.organisations.map((row) => <OrganisationTableRow key={row.id} row={row} />)}
        </SortableTable>
      </SearchableList>
    </>
  );
}
