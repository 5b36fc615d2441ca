import { Table, Text } from '@mantine/core';
import { Person } from '../../../components/person';
import type { UserAction } from '../../../../../shared/contract/user.admin';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { adminLicenseTexts } from '../messages';
import { userDetailPath } from '../user-detail-path';

/** The actions' names as the table shows them. */
const ACTION_NAMES: Record<string, string> = {
  move_license: 'Move license',
  move_product: 'Move product',
  refund_not_restored: 'Refund not restored: check the license',
};

function UserLink({ userId, email }: { userId: number; email: string | null | undefined }) {
  return <Person id={userId} email={email} to={userDetailPath(userId)} />;
}

/** User actions: each change of ownership the user took part in, newest first (created, action, license or product, from, to, by). */
export function UserActionsTable({ actions }: { actions: readonly UserAction[] }) {
  if (actions.length === 0) return <Text>{adminLicenseTexts.noActions}</Text>;
  return (
    <TableFrame label="User actions" minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label="User actions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>License id</Table.Th>
            <Table.Th>Product id</Table.Th>
            <Table.Th>From user</Table.Th>
            <Table.Th>To user</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((action) => (
            <Table.Tr key={action.id}>
              <Table.Td>{formatDate(action.created)}</Table.Td>
              <Table.Td>{ACTION_NAMES[action.action] ?? action.action}</Table.Td>
              <Table.Td>{action.license_id ?? ''}</Table.Td>
              <Table.Td>{action.product_id ?? ''}</Table.Td>
              <Table.Td>
                <UserLink userId={action.from_user_id} email={action.from_user_email} />
              </Table.Td>
              <Table.Td>
                <UserLink userId={action.to_user_id} email={action.to_user_email} />
              </Table.Td>
              <Table.Td>
                <UserLink userId={action.by_user_id} email={action.by_user_email} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
