import { Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { organisationsAdminContract } from '../../../../../shared/organisations/organisations.admin';
import type { Organisation } from '../../../../../shared/organisations/organisations.contract';
import { useCmdQuery } from '../../../api/cmd-query';
import { AuditHistoryList } from '../../../components/audit-history';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { pageCount } from '../../../lib/paging';

/** An organisation's History shows 20 entries a page. */
const HISTORY_PAGE_SIZE = 20;

/**
 * An organisation's History, on its screen as a portal admin reads it: what was done to it (created,
 * renamed, members invited, joined, removed, roles, owners, licenses and seats), newest first, 20 a
 * page, each in words with when and who and the fields before → after.
 */
export function OrganisationHistory({ organisation }: { organisation: Organisation }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useCmdQuery(
    organisationsAdminContract,
    'get_organisation_history',
    { organisation_id: organisation.id, limit: HISTORY_PAGE_SIZE, page },
    // Each opening reads it again: its members and admins change it meanwhile.
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  const entries = history.data?.entries ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} id={headingId}>
        History
      </Title>
      {history.isPending ? (
        <PageLoader />
      ) : entries.length === 0 ? (
        // A failed read shows its message in red at the top of the page.
        history.data && <Text>No changes recorded yet.</Text>
      ) : (
        <>
          <AuditHistoryList entries={entries} label={`Changes of ${organisation.name}`} />
          <PageSelect page={page} pages={pageCount(history.data?.count ?? 0, HISTORY_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
