import { Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import * as z from 'zod/mini';
import {
  INVITED_ROLES,
  inviteeEmailSchema,
  organisationsContract,
  type Organisation,
  type SentInvitation,
} from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { ActionsTh } from '../../../components/actions-th';
import { EmailText } from '../../../components/email-text';
import { TableFrame } from '../../../components/table-frame';
import { formatDateTime } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationTexts, roleNames } from '../messages';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import type { InvitedRole } from '../roles';

const inviteSchema = z.object({ email: inviteeEmailSchema(), role: z.enum(INVITED_ROLES) });

/** Invite an email address with one of the roles the caller may give (the owner: admin or member; an admin: member). */
export function InviteForm({ organisationId, roles }: { organisationId: number; roles: readonly InvitedRole[] }) {
  const invite = useCmdMutation(organisationsContract, 'invite_member', ORGANISATION_CHANGES);
  const form = useSchemaForm(inviteSchema, { email: '', role: 'member' as InvitedRole });
  const submit = useSubmit((values: z.output<typeof inviteSchema>) => invite.mutateAsync({ organisation_id: organisationId, ...values }), {
    success: ({ email }) => organisationTexts.invited(email),
    onSuccess: () => form.reset(),
  });
  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label="Email" type="email" autoComplete="off" w={320} maw="100%" {...form.getInputProps('email')} />
        <NativeSelect label="Role" data={roles.map((role) => ({ value: role, label: roleNames[role] }))} {...form.getInputProps('role')} />
        <Button type="submit" mt={24} loading={submit.pending} disabled={!form.isValid()}>
          {organisationTexts.invite}
        </Button>
      </Group>
    </form>
  );
}

function WithdrawButton({ organisationId, invitation }: { organisationId: number; invitation: SentInvitation }) {
  const withdraw = useCmdMutation(organisationsContract, 'withdraw_invitation', ORGANISATION_CHANGES);
  const submit = useSubmit(() => withdraw.mutateAsync({ organisation_id: organisationId, invitation_id: invitation.id }), {
    success: () => organisationTexts.withdrawn(invitation.email),
  });
  return (
    <Button size="compact-sm" variant="default" loading={submit.pending} aria-label={organisationTexts.withdrawLabel(invitation.email)} onClick={() => void submit.run()}>
      Withdraw
    </Button>
  );
}

/**
 * The invitations the organisation sent that wait for an answer: to whom, which role, who sent it, when
 * it ends, and Withdraw for its owner and admins (a portal admin only reads them).
 */
export function SentInvitations({ organisation, withdraw }: { organisation: Organisation; withdraw: boolean }) {
  if (organisation.invitations.length === 0) return <Text>{organisationTexts.noPendingInvitations}</Text>;
  return (
    <TableFrame label={organisationTexts.pendingInvitations} minWidth={640} pinnedActions={withdraw}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={organisationTexts.pendingInvitations}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Invited by</Table.Th>
            <Table.Th>Ends</Table.Th>
            {withdraw && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organisation.invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <EmailText email={invitation.email} />
              </Table.Td>
              <Table.Td>{roleNames[invitation.role]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.invited_by}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(invitation.expires)}</Table.Td>
              {withdraw && (
                <Table.Td>
                  <WithdrawButton organisationId={organisation.id} invitation={invitation} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
