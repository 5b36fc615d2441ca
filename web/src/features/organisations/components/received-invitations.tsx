import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { organisationsContract, type ReceivedInvitation } from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { ActionsTh } from '../../../components/actions-th';
import { TableFrame } from '../../../components/table-frame';
import { formatDateTime } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationTexts, roleNames } from '../messages';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import { organisationPath } from '../organisation-path';

function InvitationActions({ invitation }: { invitation: ReceivedInvitation }) {
  const navigate = useNavigate();
  const accept = useCmdMutation(organisationsContract, 'accept_invitation', ORGANISATION_CHANGES);
  const decline = useCmdMutation(organisationsContract, 'decline_invitation', ORGANISATION_CHANGES);
  const params = { invitation_id: invitation.id };
  const accepting = useSubmit(() => accept.mutateAsync(params), {
    success: (joined) => organisationTexts.accepted(joined.name, joined.role),
    // The invitation is answered: its mark leaves the address, and the organisation opens.
    onSuccess: (joined) => void navigate(organisationPath(joined.organisation_id)),
  });
  const declining = useSubmit(() => decline.mutateAsync(params), { success: () => organisationTexts.declined(invitation.organisation_name) });
  const busy = accepting.pending || declining.pending;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        loading={accepting.pending}
        disabled={busy}
        aria-label={organisationTexts.acceptLabel(invitation.organisation_name)}
        onClick={() => void accepting.run()}
      >
        Accept
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        loading={declining.pending}
        disabled={busy}
        aria-label={organisationTexts.declineLabel(invitation.organisation_name)}
        onClick={() => void declining.run()}
      >
        Decline
      </Button>
    </Group>
  );
}

/** The invitations to the caller's email, each with Accept and Decline; the one the mailed link names is marked. */
export function ReceivedInvitations({ invitations, opened }: { invitations: readonly ReceivedInvitation[]; opened: string | null }) {
  const found = opened !== null && invitations.some((invitation) => invitation.id === opened);
  return (
    <Stack gap="sm">
      {opened !== null && (
        <Alert color={found ? 'blue' : 'yellow'} variant="light" role="note">
          {found ? organisationTexts.openedInvitation : organisationTexts.invitationGone}
        </Alert>
      )}
      {invitations.length === 0 ? (
        <Text>{organisationTexts.noInvitations}</Text>
      ) : (
        <TableFrame label={organisationTexts.invitations} minWidth={640} pinnedActions>
          <Table striped verticalSpacing={6} fz="sm" aria-label={organisationTexts.invitations}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Ends</Table.Th>
                <ActionsTh />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => {
                const marked = invitation.id === opened;
                return (
                  <Table.Tr key={invitation.id} aria-current={marked || undefined} bg={marked ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }} fw={marked ? 600 : undefined}>
                      {invitation.organisation_name}
                    </Table.Td>
                    <Table.Td>{roleNames[invitation.role]}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.invited_by}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(invitation.expires)}</Table.Td>
                    <Table.Td>
                      <InvitationActions invitation={invitation} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
    </Stack>
  );
}
