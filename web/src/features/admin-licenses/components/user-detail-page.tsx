import { Anchor, Button, Checkbox, DataList, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Link, useMatch, useParams } from 'react-router';
import {
  ALL_LICENSES_PAGE_SIZE,
  DEFAULT_EXPIRED_IN,
  type LicenseOrderColumn,
} from '../../../../../shared/contract/lic.admin';
import { USER_DETAIL_ROWS, type UserInformation } from '../../../../../shared/contract/user.admin';
import { PageLoader } from '../../../components/page-loader';
import { PagedRows } from '../../../components/paged-rows';
import { PageTitle } from '../../../components/page-title';
import { useSubmit } from '../../../lib/forms/use-submit';
import { listReturnPath } from '../../../lib/list-return';
import { paths } from '../../../lib/routing/paths';
import { nextSort, type SortOrder } from '../../../lib/sorting';
import { useUserInformation } from '../api/get-user-information';
import { useSetUserLegacy } from '../api/set-user-legacy';
import { DEFAULT_LICENSE_SORT, MAX_FILTER_DAYS } from '../license-list-query';
import { adminLicenseNotices, adminLicenseQuestions, adminLicenseTexts } from '../messages';
import { AddLicenseForm } from './add-license-form';
import { FormDialog } from './form-dialog';
import { LicenseList } from './license-list';
import { UserActionsTable } from './user-actions-table';
import { UserCasesTable } from './user-cases-table';
import { UserDownloadsTable } from './user-downloads-table';
import { UserProductsTable } from './user-products-table';

/** "Show expired" asks for licenses that expired up to this many days ago: all of them. */
const ALL_EXPIRED = MAX_FILTER_DAYS;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The Allow legacy purchases checkbox: each change is saved at once (set_user_legacy); withdrawing asks first. */
function LegacyCheckbox({ user }: { user: UserInformation }) {
  const setLegacy = useSetUserLegacy();
  const save = useSubmit((legacy: boolean) => setLegacy.mutateAsync({ user_id: user.user_id, legacy }), {
    confirm: (legacy) => (legacy ? undefined : adminLicenseQuestions.withdrawLegacy(user.user_id)),
    success: (saved) => (saved.legacy ? adminLicenseNotices.legacyAllowed(saved.user_id) : adminLicenseNotices.legacyWithdrawn(saved.user_id)),
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

/** The user's licenses (Show expired, Add new license), 20 a page, sortable, each with its admin actions. */
function UserLicenses({ userId }: { userId: number }) {
  const headingId = useId();
  const [showExpired, setShowExpired] = useState(false);
  const [sort, setSort] = useState<SortOrder<LicenseOrderColumn>>(DEFAULT_LICENSE_SORT);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const params = {
    limit: ALL_LICENSES_PAGE_SIZE,
    page,
    order_by: sort.orderBy,
    descending: sort.descending,
    // A numeric user filter matches the owner's id exactly.
    user: String(userId),
    expired_in: showExpired ? ALL_EXPIRED : DEFAULT_EXPIRED_IN,
    // Every end, however far, and no end.
    expires_within: MAX_FILTER_DAYS,
  };

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={3} id={headingId}>
          Licenses
        </Title>
        <Group gap="md">
          <Switch
            label="Show expired"
            checked={showExpired}
            onChange={(event) => {
              setShowExpired(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <Button size="sm" onClick={() => setAdding(true)}>
            Add new license
          </Button>
        </Group>
      </Group>
      <LicenseList
        params={params}
        sort={sort}
        onSort={(column) => {
          setSort(nextSort(sort, column));
          setPage(1);
        }}
        page={page}
        onPage={setPage}
        showOwner={false}
        emptyText={adminLicenseTexts.noLicenses}
      />
      <FormDialog opened={adding} onClose={() => setAdding(false)} title="Add new license">
        <AddLicenseForm userId={userId} onClose={() => setAdding(false)} />
      </FormDialog>
    </section>
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

function UserDetail({ userId }: { userId: number }) {
  const information = useUserInformation(userId);
  if (information.isPending) return <PageLoader />;
  // A failed load (an unknown user) shows its message in red at the top of the page.
  if (!information.data) return null;
  const user = information.data;
  const { userActions, userDownloads, products, cases } = user;

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
      <UserLicenses userId={user.user_id} />
      <TitledSection title="Products">
        <UserProductsTable products={products} />
      </TitledSection>
      <TitledSection title="Cases">
        <UserCasesTable cases={cases} />
      </TitledSection>
      <TitledSection title="User downloads">
        <PagedRows rows={userDownloads}>{(page) => <UserDownloadsTable downloads={page} />}</PagedRows>
        {userDownloads.length >= USER_DETAIL_ROWS && <Text size="sm" c="dimmed">{adminLicenseTexts.newestDownloads(USER_DETAIL_ROWS)}</Text>}
      </TitledSection>
      <TitledSection title="User actions">
        <PagedRows rows={userActions}>{(page) => <UserActionsTable actions={page} />}</PagedRows>
        {userActions.length >= USER_DETAIL_ROWS && <Text size="sm" c="dimmed">{adminLicenseTexts.newestActions(USER_DETAIL_ROWS)}</Text>}
      </TitledSection>
    </Stack>
  );
}

/**
 * A user's detail for admins, at /users/{user id} and /alllicenses/{user id}: who they are, legacy
 * purchases, their licenses, products, cases, downloads and actions. The back link goes to the list it
 * was reached from, as it was last shown (its search, filters, order and page).
 */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const fromUsers = useMatch(paths.user) !== null;
  const userId = /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  return (
    <>
      <Anchor component={Link} to={listReturnPath(fromUsers ? paths.users : paths.allLicenses)} size="sm" display="inline-block" mb="xs">
        ← {fromUsers ? adminLicenseTexts.backToUsers : adminLicenseTexts.backToAll}
      </Anchor>
      <PageTitle />
      {userId === null ? <Text>{adminLicenseTexts.notAUser}</Text> : <UserDetail key={userId} userId={userId} />}
    </>
  );
}
