import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SubscriptionRow } from '../../../../../shared/contract/lic.admin';
import { SortableTable } from '../../../components/sortable-table';
import { formatDate, formatDay } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { userDetailPath } from '../../admin-users';
import { licensePath } from '../license-path';
import type { SubscriptionOrderColumn } from '../list-query';
import { productName } from '../messages';
import classes from './subscriptions.module.css';

const COLUMNS: readonly { column: SubscriptionOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'license_id', header: 'License id' },
  { column: 'index', header: 'Index' },
  { column: 'state', header: 'State' },
  { column: 'user', header: 'User' },
  { column: 'product', header: 'Product' },
  { column: 'renews_at', header: 'Renews at' },
];

function SubscriptionTableRow({ subscription, onOpen }: { subscription: SubscriptionRow; onOpen: (id: number) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component="button" type="button" size="sm" aria-haspopup="dialog" onClick={() => onOpen(subscription.id)}>
          {subscription.id}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.nowrap}>{formatDate(subscription.created)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={licensePath(subscription.license_id)} size="sm">
          {subscription.license_id}
        </Anchor>
      </Table.Td>
      <Table.Td>{subscription.index}</Table.Td>
      <Table.Td c={subscription.state === 'active' ? undefined : 'dimmed'}>{subscription.state}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={userDetailPath(subscription.user_id)} size="sm" className={classes.nowrap}>
          {subscription.user || `User ${subscription.user_id}`}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {productName(subscription.product)}
        {/* The provider's path, as the search finds it. */}
        <Text size="xs" c="dimmed" span display="block" className={classes.nowrap}>
          {subscription.product}
        </Text>
      </Table.Td>
      <Table.Td className={classes.nowrap}>{subscription.renews_at ? formatDay(subscription.renews_at) : ''}</Table.Td>
    </Table.Tr>
  );
}

interface SubscriptionsTableProps {
  rows: readonly SubscriptionRow[];
  sort: SortOrder<SubscriptionOrderColumn>;
  onSort: (column: SubscriptionOrderColumn) => void;
  /** A subscription's id was clicked: its detail opens. */
  onOpen: (id: number) => void;
  /** A new page, order or search is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** The subscriptions, one a row, each column header sorting the list on the server. */
export function SubscriptionsTable({ rows, sort, onSort, onOpen, busy }: SubscriptionsTableProps) {
  return (
    <SortableTable label="Subscriptions" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={880}>
      {rows.map((subscription) => (
        <SubscriptionTableRow key={subscription.id} subscription={subscription} onOpen={onOpen} />
      ))}
    </SortableTable>
  );
}
