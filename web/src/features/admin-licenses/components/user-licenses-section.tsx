import { Button, Group, Switch, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { ALL_LICENSES_PAGE_SIZE, DEFAULT_EXPIRED_IN, type LicenseOrderColumn } from '../../../../../shared/contract/lic.admin';
import type { UserInformation } from '../../../../../shared/contract/user.admin';
import { FormDialog } from '../../../components/form-dialog';
import { nextSort, type SortOrder } from '../../../lib/sorting';
import { DEFAULT_LICENSE_SORT, MAX_FILTER_DAYS } from '../license-list-query';
import { adminLicenseTexts } from '../messages';
import { AddLicenseForm } from './add-license-form';
import { LicenseList } from './license-list';

/** "Show expired" asks for licenses that expired up to this many days ago: all of them. */
const ALL_EXPIRED = MAX_FILTER_DAYS;

/** The user detail's Licenses (Show expired, Add new license), 20 a page, sortable, each with its admin actions. */
export function UserLicensesSection({ user }: { user: UserInformation }) {
  const userId = user.user_id;
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
