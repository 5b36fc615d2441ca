import { Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { auditListColumns } from '../../../../../shared/lists/admin-lists';
import { call } from '../../../api/client';
import { useCmdQuery } from '../../../api/cmd-query';
import { CsvExportLink } from '../../../components/csv-export-link';
import { PageTitle } from '../../../components/page-title';
import { SearchableList } from '../../../components/searchable-list';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { listQuery } from '../../../lib/use-list-search';
import { auditTexts } from '../messages';
import { useAuditFilters } from '../use-audit-filters';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/**
 * Audit trail (admin): every recorded admin action (and customers' moves and shares), newest first until
 * a header sorts them, 20 a page; filters by admin, action and days, a search, and Create CSV of what the
 * filters keep (a link that lives as long as the server says). All of it lives in the page's address.
 */
export default function AuditPage() {
  const { list, pageParams, pageSize } = useDeclaredList(auditListColumns);
  const { filters, params, setFilter } = useAuditFilters();
  const entries = useCmdQuery(userAdminContract, 'get_audit_entries', { ...pageParams, ...params }, { placeholderData: keepPreviousData });
  const filtered = Object.keys(params).length > 0;

  return (
    <>
      <PageTitle />
      <Stack gap="md">
        <AuditFilters filters={filters} onChange={setFilter} />
        <SearchableList
          list={list}
          placeholder="Id, user id, target, cmd or request id"
          actions={<CsvExportLink create={() => call(userAdminContract, 'get_audit_csv', { ...listQuery(list), ...params })} />}
          query={entries}
          pageSize={pageSize}
          summary={auditTexts.entryCount}
          hasRows={(entries.data?.entries.length ?? 0) > 0}
          // A filter, like a search, can leave nothing to show where entries exist.
          emptyText={{ noMatch: auditTexts.noMatch, none: filtered ? auditTexts.noMatch : auditTexts.noEntries }}
        >
          {entries.data && <AuditTable rows={entries.data.entries} sort={list.sort} onSort={list.sortBy} busy={entries.isPlaceholderData} />}
        </SearchableList>
      </Stack>
    </>
  );
}
