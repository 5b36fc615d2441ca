import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { userContract } from '../../../../../shared/contract/user';
import { organisationRules } from '../../../../../shared/organisations/organisation-roles';
import { organisationNameSchema, organisationsContract, type Organisation } from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { FormDialog } from '../../../components/form-dialog';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { listReturnPath } from '../../../lib/list-return';
import { paths } from '../../../lib/routing/paths';
import { organisationQuestions, organisationTexts, roleNames } from '../messages';
import { useOrganisationAdminSections } from '../organisation-admin-sections';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import { organisationActions } from '../roles';
import { OrganisationSeatHistory } from '../../seat-history';
import { MembersTable } from './members-table';
import { OrganisationLicenses } from './organisation-licenses';
import { InviteForm, SentInvitations } from './sent-invitations';

const renameSchema = z.object({ name: organisationNameSchema() });

function RenameForm({ organisation, onDone }: { organisation: Organisation; onDone: () => void }) {
  const rename = useCmdMutation(organisationsContract, 'rename_organisation', ORGANISATION_CHANGES);
  const form = useSchemaForm(renameSchema, { name: organisation.name });
  const submit = useSubmit((values: z.output<typeof renameSchema>) => rename.mutateAsync({ organisation_id: organisation.id, ...values }), {
    success: ({ name }) => organisationTexts.renamed(name),
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <ErrorBanner />
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <DialogActions label={organisationTexts.rename} pending={submit.pending} valid={form.isValid()} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Leave (an admin or a member, asked first); the owner is told to hand it over first. */
function LeaveSection({ organisation }: { organisation: Organisation }) {
  const navigate = useNavigate();
  const leave = useCmdMutation(organisationsContract, 'leave_organisation', ORGANISATION_CHANGES);
  const submit = useSubmit(() => leave.mutateAsync({ organisation_id: organisation.id }), {
    confirm: () => organisationQuestions.leave(organisation.name),
    success: () => organisationTexts.left(organisation.name),
    onSuccess: () => void navigate(paths.organisations),
  });
  if (organisation.role === 'owner') return <Text size="sm">{organisationTexts.ownerCannotLeave}</Text>;
  if (!organisationActions(organisation.role).leave) return null;
  return (
    <Group>
      <Button variant="light" color="red" loading={submit.pending} onClick={() => void submit.run()}>
        {organisationTexts.leave}
      </Button>
    </Group>
  );
}

/** What the admin features add for a portal admin (its History), loaded only for them. */
function PortalAdminSections({ organisation }: { organisation: Organisation }) {
  const sections = useOrganisationAdminSections();
  return sections.map((Section, index) => <Section key={index} organisation={organisation} />);
}

function OrganisationView({ organisation, callerId }: { organisation: Organisation; callerId: number }) {
  const allowed = organisationActions(organisation.role);
  const [renaming, setRenaming] = useState(false);
  const ids = { members: useId(), invitations: useId() };
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group gap="sm" align="center">
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {organisation.name}
          </Title>
          {allowed.rename && (
            <Button size="compact-sm" variant="default" aria-haspopup="dialog" onClick={() => setRenaming(true)}>
              {organisationTexts.rename}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {organisation.role ? `Your role: ${roleNames[organisation.role]} · ` : ''}
          {organisationTexts.memberCount(organisation.member_count ?? organisation.members.length)} · created {formatDate(organisation.created)}
        </Text>
        {organisation.role === null && (
          <Alert color="blue" variant="light" role="note">
            {organisationTexts.portalAdminView}
          </Alert>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={ids.members}>
        <Title order={4} id={ids.members}>
          {organisationTexts.members}
        </Title>
        <MembersTable organisation={organisation} callerId={callerId} />
        {allowed.invite.length > 0 && <InviteForm organisationId={organisation.id} roles={allowed.invite} />}
      </Stack>
      {/* Its owner and admins (and the portal's) see the invitations waiting for an answer. */}
      {(allowed.withdraw || organisation.role === null) && (
        <Stack gap="sm" component="section" aria-labelledby={ids.invitations}>
          <Title order={4} id={ids.invitations}>
            {organisationTexts.pendingInvitations}
          </Title>
          <SentInvitations organisation={organisation} withdraw={allowed.withdraw} />
        </Stack>
      )}
      {/* Its owner and admins (and the portal's) see every license and seat; a member sees theirs on Licenses. */}
      {(organisationRules.manageSeats(organisation.role) || organisation.role === null) && (
        <>
          <OrganisationLicenses organisation={organisation} />
          <OrganisationSeatHistory organisationId={organisation.id} />
        </>
      )}
      {organisation.role === null && (
        <Suspense fallback={<PageLoader />}>
          <PortalAdminSections organisation={organisation} />
        </Suspense>
      )}
      <LeaveSection organisation={organisation} />
      <FormDialog opened={renaming} onClose={() => setRenaming(false)} title={organisationTexts.renameTitle}>
        <RenameForm organisation={organisation} onDone={() => setRenaming(false)} />
      </FormDialog>
    </Stack>
  );
}

/**
 * One organisation: its name, its members and (to its owner and admins) its pending invitations and its
 * licenses with their seats, with the actions the caller's role allows: its owner invites admins or
 * members, changes roles, removes anyone else, hands it over and renames it; an admin invites and removes
 * members and renames it; both assign and release seats; a member leaves. A portal admin who is not a
 * member reads it, with its History.
 */
export default function OrganisationPage() {
  const { id } = useParams();
  const organisationId = Number(id);
  const valid = Number.isInteger(organisationId) && organisationId > 0;
  // Its header with the first page of its members (the members table reads the others): never every member.
  const organisation = useCmdQuery(organisationsContract, 'get_organisation', { organisation_id: organisationId, page: 1 }, { enabled: valid });
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  const back = organisation.data?.role === null ? { to: listReturnPath(paths.allOrganisations), text: organisationTexts.backToAll } : { to: paths.organisations, text: organisationTexts.backToMine };
  return (
    <>
      <PageTitle />
      <Anchor component={Link} to={back.to} size="sm" mb="md" display="inline-block">
        ← {back.text}
      </Anchor>
      {!valid ? (
        <Text>{organisationTexts.noSuchOrganisation}</Text>
      ) : organisation.isPending || profile.isPending ? (
        <PageLoader />
      ) : (
        // A failed load (no such organisation, or not the caller's) shows its message in red at the top of the page.
        organisation.data && profile.data && <OrganisationView organisation={organisation.data} callerId={profile.data.id} />
      )}
    </>
  );
}
