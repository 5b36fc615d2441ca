import { Anchor, Button, Group, NativeSelect, Table } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { type UserListRow, type UserOrderColumn, userAdminContract } from '../../../../../shared/contract/user.admin';
import { LICENSE_TYPES } from '../../../../../shared/licenses/catalog';
import { userListColumns } from '../../../../../shared/lists/admin-lists';
import { call } from '../../../api/client';
import { useCmdQuery } from '../../../api/cmd-query';
import { CsvExportLink } from '../../../components/csv-export-link';
import { EmailText } from '../../../components/email-text';
import { PageTitle } from '../../../components/page-title';
import { SearchableList } from '../../../components/searchable-list';
import { SortableTable } from '../../../components/sortable-table';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/routing/paths';
import type { SortOrder } from '../../../lib/sorting';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { useAddressUpdate, listQuery } from '../../../lib/use-list-search';
import { adminUserTexts } from '../messages';
import { UserInfoDialog } from './user-info-dialog';

const COLUMNS: readonly { column: UserOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'last_active', header: 'Last active' },
  { column: 'email', header: 'Email' },
  { column: 'first_name', header: 'First name' },
  { column: 'last_name', header: 'Last name' },
  { column: 'company', header: 'Company' },
  { column: 'arc', header: 'Arc' },
  { column: 'ace', header: 'Ace' },
  { column: 'pro', header: 'Pro' },
  { column: 'automation', header: 'Automation' },
  { column: 'battery', header: 'Battery' },
];

const COUNTS = ['arc', 'ace', 'pro', 'automation', 'battery'] as const;

/**
 * A name or a company the customer typed may be one long word: it breaks anywhere, or one long value
 * widens the table past a laptop's screen; the min-width keeps its column from shrinking to a few letters.
 */
const TYPED = { overflowWrap: 'anywhere', minWidth: '4rem' } as const;

/** A count as the list shows it: empty when zero. */
const countText = (n: number) => (n > 0 ? String(n) : '');

interface UsersTableProps {
  rows: readonly UserListRow[];
  sort: SortOrder<UserOrderColumn>;
  onSort: (c: UserOrderColumn) => void;
  busy: boolean;
  /** Info was clicked on a user's row: their information opens, read-only, over the list. */
  onInfo: (userId: number) => void;
}

function UsersTable({ rows, sort, onSort, busy, onInfo }: UsersTableProps) {
  return (
    <SortableTable label="Users" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={960}>
      {rows.map((user) => (
        <Table.Tr key={user.id}>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Anchor component={Link} to={generatePath(paths.user, { id: String(user.id) })} size="sm">
                {user.id}
              </Anchor>
              <Button size="compact-xs" variant="subtle" aria-haspopup="dialog" aria-label={adminUserTexts.infoButton(user.id)} onClick={() => onInfo(user.id)}>
                Info
              </Button>
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.last_active ? formatDate(user.last_active) : ''}</Table.Td>
          {/* An address is one value: on one line, never broken inside. */}
          <Table.Td>
            <EmailText email={user.email} />
          </Table.Td>
          <Table.Td style={TYPED}>{user.first_name}</Table.Td>
          <Table.Td style={TYPED}>{user.last_name}</Table.Td>
          <Table.Td style={TYPED}>{user.company}</Table.Td>
          {COUNTS.map((name) => (
            <Table.Td key={name}>{countText(user[name])}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </SortableTable>
  );
}

/**
 * Users (admin): a search (id, email, name, company), a license-type filter, every user 100 a page,
 * lowest id first until a header sorts them, and Create CSV (a link that lives as long as the server
 * says). Search, filter, order and page live in the page's address.
 */
export default function UsersPage() {
  const { list, pageParams, pageSize } = useDeclaredList(userListColumns);
  const { params, update } = useAddressUpdate();
  const licenseType = params.get('license_type') ?? '';
  const users = useCmdQuery(userAdminContract, 'get_users', { ...pageParams, ...(licenseType ? { license_type: licenseType as UserListFilter } : {}) }, {
    placeholderData: keepPreviousData,
  });
  const [infoUser, setInfoUser] = useState<number | null>(null);

  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="Id, email, name or company"
        actions={
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label="License type"
              data={[{ value: '', label: adminUserTexts.allLicenseTypes }, ...LICENSE_TYPES.map((type) => ({ value: type.id, label: type.name }))]}
              value={licenseType}
              // A new filter starts again at page 1.
              onChange={(event) => update({ license_type: event.currentTarget.value || null, page: null })}
            />
            <CsvExportLink create={() => call(userAdminContract, 'get_users_csv', { ...listQuery(list), ...(licenseType ? { license_type: licenseType as UserListFilter } : {}) })} />
          </Group>
        }
        query={users}
        pageSize={pageSize}
        summary={adminUserTexts.userCount}
        hasRows={(users.data?.users.length ?? 0) > 0}
        emptyText={{ noMatch: adminUserTexts.noMatch, none: adminUserTexts.noUsers }}
      >
        {users.data && <UsersTable rows={users.data.users} sort={list.sort} onSort={list.sortBy} busy={users.isPlaceholderData} onInfo={setInfoUser} />}
      </SearchableList>
      <UserInfoDialog userId={infoUser ?? 0} opened={infoUser !== null} onClose={() => setInfoUser(null)} />
    </>
  );
}

type UserListFilter = (typeof LICENSE_TYPES)[number]['id'];
