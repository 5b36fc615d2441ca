import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { offlineSeatsContract, type OfflineRequestRow } from '../../../../../shared/licenses/offline-seats.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../lib/routing/paths';
import { offlineTexts } from '../offline-texts';
import { hasLease, LeaseDownload } from './lease-download';
import { OFFLINE_CHANGES, OfflineRequestsTable } from './offline-requests-table';
import { OfflineTextForm } from './offline-text-form';
import { LicenseSection } from './license-section';


/** A lease file just issued: its download, and what to do with it, in sight at once. */
function LeaseReady({ request }: { request: OfflineRequestRow }) {
  if (!hasLease(request)) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={offlineTexts.ready(request)}
      // The title in the text's colour: tinted on the tinted box it is too faint to read (WCAG contrast).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{offlineTexts.carry(request.hostname, request.lease_end)}</Text>
        <LeaseDownload request={request} size="sm" />
      </Stack>
    </Alert>
  );
}

/** Bring a request: its text, pasted or read from its file, kept as the machine's request. */
function BringRequest() {
  const submit = useCmdMutation(offlineSeatsContract, 'submit_offline_request', { invalidates: ['get_offline_requests'] });
  return (
    <OfflineTextForm
      kind="request"
      texts={{ field: offlineTexts.requestField, hint: offlineTexts.requestHint, file: offlineTexts.requestFile, submit: offlineTexts.submit }}
      send={(request) => submit.mutateAsync({ request })}
      success={({ request }) => offlineTexts.submitted(request)}
    />
  );
}

/** The caller's requests, with the lease file just issued above them. */
function Requests() {
  const requests = useCmdQuery(offlineSeatsContract, 'get_offline_requests', {});
  const [issuedId, setIssuedId] = useState<string | null>(null);
  if (requests.isPending) return <PageLoader />;
  // A failed load shows its message in red at the top of the page.
  if (!requests.data) return null;
  const rows = requests.data.requests;
  // The lease just issued, as the list reads it again: gone from here once its seat is given back.
  const issued = rows.find((request) => request.id === issuedId);
  return (
    <>
      {issued && <LeaseReady request={issued} />}
      {rows.length === 0 ? (
        <Text>{offlineTexts.noRequests}</Text>
      ) : (
        <>
          <OfflineRequestsTable requests={rows} onIssued={(answered) => setIssuedId(answered.id)} />
          {rows.some(hasLease) && (
            <Text size="sm" c="dimmed">
              {offlineTexts.carryAny}
            </Text>
          )}
        </>
      )}
    </>
  );
}

/** Offline return: the machine's return code frees the seat of its lease. */
function OfflineReturn() {
  const giveBack = useCmdMutation(offlineSeatsContract, 'return_offline_seat', OFFLINE_CHANGES);
  return (
    <OfflineTextForm
      kind="return"
      texts={{ field: offlineTexts.returnField, hint: offlineTexts.returnHint, file: offlineTexts.returnFile, submit: offlineTexts.returnSubmit }}
      send={(code) => giveBack.mutateAsync({ code })}
      success={({ license_id }) => offlineTexts.returned(license_id)}
    />
  );
}

/**
 * Licenses → Offline activation, for machines without network: bring the machine's request (pasted or
 * its file) and issue its lease file to carry back; the requests brought, waiting or with a lease
 * running; and Offline return, where the machine's return code frees its seat.
 */
export default function OfflineActivationPage() {
  return (
    <>
      <PageTitle />
      <Anchor component={Link} to={paths.licenses} size="sm" mb="md" display="inline-block">
        ← {offlineTexts.backToLicenses}
      </Anchor>
      <Stack gap="xl">
        <Text maw={720}>{offlineTexts.intro}</Text>
        <LicenseSection gap="sm" title={offlineTexts.bring}>
          <BringRequest />
        </LicenseSection>
        <LicenseSection gap="sm" title={offlineTexts.requests}>
          <Requests />
        </LicenseSection>
        <LicenseSection gap="sm" title={offlineTexts.returnSection}>
          <Text size="sm" maw={720}>
            {offlineTexts.returnIntro}
          </Text>
          <OfflineReturn />
        </LicenseSection>
      </Stack>
    </>
  );
}
