import { Button, Group, Table, Text } from '@mantine/core';
import { offlineSeatsContract, type OfflineRequestRow } from '../../../../../shared/licenses/offline-seats.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { ActionsTh } from '../../../components/actions-th';
import { TableFrame } from '../../../components/table-frame';
import { formatDateTime } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { offlineQuestions, offlineTexts } from '../offline-texts';
import { hasLease, LeaseDownload } from './lease-download';

/** What an answer, a withdrawal or a return changes: the requests, and the seats Licenses shows. */
export const OFFLINE_CHANGES = { invalidates: ['get_offline_requests', 'get_licenses'] } as const;

const line = { span: true, display: 'block' } as const;

/** The machine as its request describes it: its name, then its fingerprint's start and its system. */
function MachineCell({ request }: { request: OfflineRequestRow }) {
  return (
    <>
      <Text size="sm" {...line}>
        {request.hostname}
      </Text>
      <Text size="xs" c="dimmed" {...line}>
        {offlineTexts.fingerprint(request.fingerprint)}, {request.os}
      </Text>
    </>
  );
}

/** Waiting (until the request ends) or answered (until the lease ends). */
function StateCell({ request }: { request: OfflineRequestRow }) {
  const answered = request.state === 'answered';
  const end = answered ? request.lease_end && offlineTexts.leaseEnds(request.lease_end) : offlineTexts.requestEnds(request.expires_at);
  return (
    <>
      <Text size="sm" {...line}>
        {answered ? offlineTexts.answered : offlineTexts.waiting}
      </Text>
      {end && (
        <Text size="xs" c="dimmed" {...line} style={{ whiteSpace: 'nowrap' }}>
          {end}
        </Text>
      )}
    </>
  );
}

/** Issue lease file: the seat becomes the machine's; the answer's lease file is offered at once (`onIssued`). */
function IssueButton({ request, onIssued }: { request: OfflineRequestRow; onIssued: (answered: OfflineRequestRow) => void }) {
  const answer = useCmdMutation(offlineSeatsContract, 'answer_offline_request', OFFLINE_CHANGES);
  const submit = useSubmit(() => answer.mutateAsync({ request_id: request.id }), {
    success: () => offlineTexts.issued(request),
    onSuccess: ({ request: answered }) => onIssued(answered),
  });
  return (
    <Button size="compact-sm" loading={submit.pending} aria-label={offlineTexts.issueLabel(request)} onClick={() => void submit.run()}>
      {offlineTexts.issue}
    </Button>
  );
}

/** Withdraw (asked first): the request ends unanswered, and the machine may make a new one. */
function WithdrawButton({ request }: { request: OfflineRequestRow }) {
  const withdraw = useCmdMutation(offlineSeatsContract, 'withdraw_offline_request', OFFLINE_CHANGES);
  const submit = useSubmit(() => withdraw.mutateAsync({ request_id: request.id }), {
    confirm: () => offlineQuestions.withdraw(request),
    success: () => offlineTexts.withdrawn(request),
  });
  return (
    <Button size="compact-sm" variant="light" color="red" loading={submit.pending} aria-label={offlineTexts.withdrawLabel(request)} onClick={() => void submit.run()}>
      {offlineTexts.withdraw}
    </Button>
  );
}

interface OfflineRequestsTableProps {
  requests: readonly OfflineRequestRow[];
  onIssued: (answered: OfflineRequestRow) => void;
}

/**
 * The caller's offline requests, newest first: the license, the machine, when it was made, its state
 * with when it ends; a waiting one's Issue lease file and Withdraw, an answered one's Download lease file.
 */
export function OfflineRequestsTable({ requests, onIssued }: OfflineRequestsTableProps) {
  return (
    <TableFrame label={offlineTexts.requests} minWidth={760} pinnedActions>
      <Table striped verticalSpacing={6} fz="sm" aria-label={offlineTexts.requests}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>License</Table.Th>
            <Table.Th>Machine</Table.Th>
            <Table.Th>Made</Table.Th>
            <Table.Th>State</Table.Th>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>{request.license_id}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <MachineCell request={request} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.created_at)}</Table.Td>
              <Table.Td>
                <StateCell request={request} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  {hasLease(request) ? (
                    <LeaseDownload request={request} size="compact-sm" variant="default" />
                  ) : (
                    request.state === 'pending' && (
                      <>
                        <IssueButton request={request} onIssued={onIssued} />
                        <WithdrawButton request={request} />
                      </>
                    )
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
