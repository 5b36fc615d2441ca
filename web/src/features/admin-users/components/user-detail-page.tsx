import { Anchor, Checkbox, DataList, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useMatch, useParams } from 'react-router';
import { USER_DETAIL_ROWS, userAdminContract, type UserInformation } from '../../../../../shared/contract/user.admin';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { cmdKey, useCmdQuery } from '../../../api/cmd-query';
import { Detail } from '../../../components/detail';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { PagedRows } from '../../../components/paged-rows';
import { useSubmit } from '../../../lib/forms/use-submit';
import { listReturnPath } from '../../../lib/list-return';
import { paths } from '../../../lib/routing/paths';
import { userDetailNotices, userDetailQuestions, userDetailTexts } from '../messages';
import { useUserDetailSections, type UserDetailSection } from '../user-detail-sections';
import { UserActionsTable } from './user-actions-table';
import { UserDownloadsTable } from './user-downloads-table';
import { UserProductsTable } from './user-products-table';

/** The Allow legacy purchases checkbox: each change is saved at once (set_user_legacy); withdrawing asks first. */
function LegacyCheckbox({ user }: { user: UserInformation }) {
  const queryClient = useQueryClient();
  // The change is written into that user's detail as the server answered it.
  const setLegacy = useCmdMutation(userAdminContract, 'set_user_legacy', {
    onSuccess: ({ user_id, legacy }) =>
      queryClient.setQueryData(cmdKey(userAdminContract, 'get_user_information', { user_id }), (detail?: UserInformation) =>
        detail ? { ...detail, legacy } : detail,
      ),
  });
  const save = useSubmit((legacy: boolean) => setLegacy.mutateAsync({ user_id: user.user_id, legacy }), {
    confirm: (legacy) => (legacy ? undefined : userDetailQuestions.withdrawLegacy(user.user_id)),
    success: (saved) => (saved.legacy ? userDetailNotices.legacyAllowed(saved.user_id) : userDetailNotices.legacyWithdrawn(saved.user_id)),
  });
  return (
    <Checkbox
      label="Allow legacy purchases"
      checked={setLegacy.isPending ? setLegacy.variables.legacy : user.legacy}
      disabled={save.pending}
      onChange={(event) => void save.run(event.currentTarget.checked)}
    />
  );
}

/** One part of the detail under its heading, which names it for screen readers. */
function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The detail's own sections, from the user's information; the other features' go between them by order. */
const ownSections: readonly UserDetailSection[] = [
  {
    order: 20,
    Section: ({ user }) => (
      <TitledSection title="Products">
        <UserProductsTable products={user.products} />
      </TitledSection>
    ),
  },
  {
    order: 40,
    Section: ({ user }) => (
      <TitledSection title="User downloads">
        <PagedRows rows={user.userDownloads}>{(page) => <UserDownloadsTable downloads={page} />}</PagedRows>
        {user.userDownloads.length >= USER_DETAIL_ROWS && <Text size="sm" c="dimmed">{userDetailTexts.newestDownloads(USER_DETAIL_ROWS)}</Text>}
      </TitledSection>
    ),
  },
  {
    order: 50,
    Section: ({ user }) => (
      <TitledSection title="User actions">
        <PagedRows rows={user.userActions}>{(page) => <UserActionsTable actions={page} />}</PagedRows>
        {user.userActions.length >= USER_DETAIL_ROWS && <Text size="sm" c="dimmed">{userDetailTexts.newestActions(USER_DETAIL_ROWS)}</Text>}
      </TitledSection>
    ),
  },
];

function UserDetail({ userId }: { userId: number }) {
  const information = useCmdQuery(userAdminContract, 'get_user_information', { user_id: userId });
  // The page shows once the other features' sections are loaded too.
  const contributed = useUserDetailSections();
  if (information.isPending) return <PageLoader />;
  // A failed load (an unknown user) shows its message in red at the top of the page.
  if (!information.data) return null;
  const user = information.data;
  const sections = [...ownSections, ...contributed].sort((a, b) => a.order - b.order);

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <DataList size="sm" gap={4} labelWidth={96}>
          <Detail label="User id">{user.user_id}</Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Company">{user.company}</Detail>
        </DataList>
        <LegacyCheckbox user={user} />
      </Stack>
      {sections.map(({ order, Section }) => (
        <Section key={order} user={user} />
      ))}
    </Stack>
  );
}

/**
 * A user's detail for admins, at /users/{user id} and /alllicenses/{user id}: who they are, legacy
 * purchases, then the sections (their licenses, products, cases, downloads and actions). The back link
 * goes to the list it was reached from, as it was last shown (its search, filters, order and page).
 */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const fromUsers = useMatch(paths.user) !== null;
  const userId = /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  return (
    <>
      <Anchor component={Link} to={listReturnPath(fromUsers ? paths.users : paths.allLicenses)} size="sm" display="inline-block" mb="xs">
        ← {fromUsers ? userDetailTexts.backToUsers : userDetailTexts.backToAll}
      </Anchor>
      <PageTitle />
      {userId === null ? <Text>{userDetailTexts.notAUser}</Text> : <UserDetail key={userId} userId={userId} />}
    </>
  );
}
