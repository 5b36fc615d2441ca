import { Table, Text } from '@mantine/core';
import { auditActionWords } from '../../../../../shared/audit/action-words';
import type { UserAction } from '../../../../../shared/contract/user.admin';
import { AuditChanges } from '../../../components/audit-changes';
import { namesFrom, Person } from '../../../components/person';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { userDetailTexts } from '../messages';
import { userDetailPath } from '../user-detail-path';

/** The names of the actions a user's trail held before the audit trail, as the table shows them. */
const ACTION_NAMES: Record<string, string> = {
  move_license: 'Move license',
  move_product: 'Move product',
  refund_not_restored: 'Refund not restored: check the license',
};

/** An action in words: a move or refund by its name, an audited change as the audit trail words it, users by name. */
export const userActionName = (action: UserAction): string => ACTION_NAMES[action.action] ?? auditActionWords(action, namesFrom(action.people));

/** A move says its users in From and To: its values (the owner's id) would only repeat them. */
const isMove = (action: UserAction) => action.action === 'move_license' || action.action === 'move_product';

/** Whether an action names this user as its from or to: one that is not a move names none (id 0). */
export const namesUser = (userId: number) => userId > 0;

function UserLink({ userId, email }: { userId: number; email: string | null | undefined }) {
  if (!namesUser(userId)) return null;
  return <Person id={userId} email={email} to={userDetailPath(userId)} />;
}

/**
 * One action: a move or refund by its name; any other audited change (an admin's edit, a share …) in
 * words, with what it was done to when that is not a license or product, and its fields before → after.
 * An action recorded before the audit trail (no cmd, no values) reads as it always did.
 */
function UserActionRow({ action }: { action: UserAction }) {
  const target = action.license_id === null && action.product_id === null ? action.target : null;
  return (
    <Table.Tr>
      {/* A date is one value: the column is never squeezed into breaking it at a hyphen. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(action.created)}</Table.Td>
      <Table.Td>
        {userActionName(action)}
        {target && (
          <Text size="xs" c="dimmed" display="block">
            {target}
          </Text>
        )}
      </Table.Td>
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
      <Table.Td>{!isMove(action) && <AuditChanges entry={action} nameOf={namesFrom(action.people)} />}</Table.Td>
    </Table.Tr>
  );
}

/**
 * User actions: each change of the user's belongings (ownership, an admin's edit, a share), newest first:
 * created, action, license or product, from, to, by, and the fields before → after.
 */
export function UserActionsTable({ actions }: { actions: readonly UserAction[] }) {
  if (actions.length === 0) return <Text>{userDetailTexts.noActions}</Text>;
  return (
    <TableFrame label="User actions" minWidth={760}>
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
            <Table.Th>Before → After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((action) => (
            <UserActionRow key={action.id} action={action} />
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
