import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { AuditHistoryList } from '../../../components/audit-history';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { pageCount } from '../../../lib/paging';
import { adminLicenseTexts } from '../messages';

/** A license's History shows 20 entries a page. */
const HISTORY_PAGE_SIZE = 20;

/**
 * A license's History: the recorded changes, newest first, 20 a page, each with when, who, what in words
 * and the fields before → after. Read when the dialog opens; a failed read shows in the dialog (DialogScope).
 */
export function LicenseHistory({ licenseId }: { licenseId: number }) {
  const [page, setPage] = useState(1);
  const history = useCmdQuery(licAdminContract, 'get_license_history', { license_id: licenseId, limit: HISTORY_PAGE_SIZE, page }, {
    // Each opening of History reads it again: the admin may just have changed the license.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  if (history.isPending) return <PageLoader />;
  const entries = history.data?.entries ?? [];
  if (entries.length === 0) return history.data ? <Text>{adminLicenseTexts.noHistory}</Text> : null;
  return (
    <Stack gap="sm">
      <AuditHistoryList entries={entries} label={`Changes of license ${licenseId}`} />
      <PageSelect page={page} pages={pageCount(history.data?.count ?? 0, HISTORY_PAGE_SIZE)} onChange={setPage} />
    </Stack>
  );
}
