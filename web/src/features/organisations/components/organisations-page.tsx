import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { organisationNameSchema, organisationsContract, type Membership } from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationTexts, roleNames } from '../messages';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import { organisationPath } from '../organisation-path';
import { ReceivedInvitations } from './received-invitations';

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
