import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import {
  organisationNameSchema,
  organisationsContract,
  type Membership,
  type ReceivedInvitation,
} from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { ActionsTh } from '../../../components/actions-th';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { TableFrame } from '../../../components/table-frame';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationTexts, roleNames } from '../messages';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import { organisationPath } from '../organisation-path';

function MyOrganisationsTable({ organisations }: { organisations: readonly Membership[] }) {
  if (organisations.length === 0) return <Text>{organisationTexts.noOrganisations}</Text>;
  return (
    <TableFrame label={organisationTexts.myOrganisations} minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={organisationTexts.myOrganisations}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Your role</Table.Th>
            <Table.Th>Members</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organisations.map((organisation) => (
            <Table.Tr key={organisation.organisation_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={organisationPath(organisation.organisation_id)} size="sm">
                  {organisation.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{roleNames[organisation.role]}</Table.Td>
              <Table.Td>{organisation.members}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{organisation.owner}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(organisation.joined)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

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
function ReceivedInvitations({ invitations, opened }: { invitations: readonly ReceivedInvitation[]; opened: string | null }) {
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

const createSchema = z.object({ name: organisationNameSchema() });

/** A new organisation by its name; the caller becomes its owner and its screen opens. */
function CreateOrganisationForm() {
  const navigate = useNavigate();
  const create = useCmdMutation(organisationsContract, 'create_organisation', ORGANISATION_CHANGES);
  // An empty name only keeps the button disabled.
  const form = useSchemaForm(createSchema, { name: '' }, { quiet: ['name'] });
  const submit = useSubmit((values: z.output<typeof createSchema>) => create.mutateAsync(values), {
    success: ({ name }) => organisationTexts.created(name),
    onSuccess: ({ id }) => void navigate(organisationPath(id)),
  });
  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput label="Name" autoComplete="off" maw={360} style={{ flex: 1 }} {...form.getInputProps('name')} />
        <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
          {organisationTexts.create}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Organisations: the ones the caller belongs to (name, their role, members, owner), the invitations to
 * their email with Accept and Decline (`?invitation=<id>`, the mailed link, marks its one), and Create
 * organisation.
 */
export default function OrganisationsPage() {
  const [params] = useSearchParams();
  const opened = params.get('invitation');
  const mine = useCmdQuery(organisationsContract, 'get_my_organisations', {});
  const ids = { mine: useId(), invitations: useId(), create: useId() };
  return (
    <>
      <PageTitle />
      {mine.isPending ? (
        <PageLoader />
      ) : (
        // A failed load shows its message in red at the top of the page.
        mine.data && (
          <Stack gap="xl">
            {/* Shown while there are invitations, or when a mailed link names one (which may have ended). */}
            {(mine.data.invitations.length > 0 || opened !== null) && (
              <Stack gap="sm" component="section" aria-labelledby={ids.invitations}>
                <Title order={3} id={ids.invitations}>
                  {organisationTexts.invitations}
                </Title>
                <ReceivedInvitations invitations={mine.data.invitations} opened={opened} />
              </Stack>
            )}
            <Stack gap="sm" component="section" aria-labelledby={ids.mine}>
              <Title order={3} id={ids.mine}>
                {organisationTexts.myOrganisations}
              </Title>
              <MyOrganisationsTable organisations={mine.data.organisations} />
            </Stack>
          </Stack>
        )
      )}
      <Stack gap="sm" component="section" aria-labelledby={ids.create} mt="xl">
        <Title order={3} id={ids.create}>
          {organisationTexts.create}
        </Title>
        <CreateOrganisationForm />
      </Stack>
    </>
  );
}
