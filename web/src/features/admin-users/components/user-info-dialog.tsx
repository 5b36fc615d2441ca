import { Anchor, DataList, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { userAdminContract, type UserInformation } from '../../../../../shared/contract/user.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { Detail } from '../../../components/detail';
import { personText } from '../../../components/person';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { userInfoTexts } from '../messages';
import { usersUserPath } from '../user-detail-path';
import { namesUser, userActionName } from './user-actions-table';
import { UserDownloadsTable } from './user-downloads-table';

/** How many of the latest downloads and actions the dialog lists (the user detail lists them all). */
export const LATEST_SHOWN = 5;

interface UserInfoDialogProps {
  /** The user to show; nothing is read while the dialog is closed. */
  userId: number;
  opened: boolean;
  onClose: () => void;
}

/** The latest changes of ownership the user took part in, newest first. */
function LatestActions({ actions }: { actions: UserInformation['userActions'] }) {
  if (actions.length === 0) return <Text size="sm">{userInfoTexts.noActions}</Text>;
  return (
    <TableFrame label={userInfoTexts.latestActions} minWidth={420}>
      <Table verticalSpacing={4} fz="sm" aria-label={userInfoTexts.latestActions}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>From user</Table.Th>
            <Table.Th>To user</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.slice(0, LATEST_SHOWN).map((action) => (
            <Table.Tr key={action.id}>
              <Table.Td>{formatDate(action.created)}</Table.Td>
              <Table.Td>{userActionName(action)}</Table.Td>
              <Table.Td>{action.license_id !== null ? `License ${action.license_id}` : action.product_id !== null ? `Product ${action.product_id}` : ''}</Table.Td>
              {/* A share or an edit names no from or to user (id 0): the action's words name whom it concerns. */}
              <Table.Td>{namesUser(action.from_user_id) ? personText({ id: action.from_user_id, email: action.from_user_email }) : ''}</Table.Td>
              <Table.Td>{namesUser(action.to_user_id) ? personText({ id: action.to_user_id, email: action.to_user_email }) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/** The dialog's body once the User information is here: read only, nothing in it changes the user. */
function UserInfo({ user, onClose }: { user: UserInformation; onClose: () => void }) {
  const name = `${user.first_name} ${user.last_name}`.trim();
  const activeLicenses = user.licenses.filter((license) => license.enabled && !license.expired).length;
  return (
    <Stack gap="md">
      <DataList size="sm" gap={4} labelWidth={150}>
        <Detail label="User id">{user.user_id}</Detail>
        <Detail label="Username">{user.username}</Detail>
        <Detail label="Name">{name}</Detail>
        <Detail label="Company">{user.company}</Detail>
        <Detail label="Email">{user.email}</Detail>
        <Detail label="Created">{formatDate(user.created)}</Detail>
        <Detail label="Legacy purchases">{user.legacy ? 'Allowed' : 'Not allowed'}</Detail>
        <Detail label="Licenses">{userInfoTexts.licenseCount(user.licenses.length, activeLicenses)}</Detail>
        <Detail label="Products">{user.products.length}</Detail>
        <Detail label="Cases">{user.cases.length}</Detail>
      </DataList>
      <section aria-label={userInfoTexts.latestDownloads}>
        <Title order={4} size="h6" mb={4}>
          {userInfoTexts.latestDownloads}
        </Title>
        <UserDownloadsTable downloads={user.userDownloads.slice(0, LATEST_SHOWN)} label={userInfoTexts.latestDownloads} />
      </section>
      <section aria-label={userInfoTexts.latestActions}>
        <Title order={4} size="h6" mb={4}>
          {userInfoTexts.latestActions}
        </Title>
        <LatestActions actions={user.userActions} />
      </section>
      <Anchor component={Link} to={usersUserPath(user.user_id)} onClick={onClose} size="sm">
        {userInfoTexts.openDetail}
      </Anchor>
    </Stack>
  );
}

/**
 * The read-only user info dialog an admin opens from the users list: the user's User information
 * (who they are, legacy purchases, how many licenses, products and cases, the latest downloads and
 * actions) and a link to their full detail. It reads the information itself, only while open.
 */
export function UserInfoDialog({ userId, opened, onClose }: UserInfoDialogProps) {
  const information = useCmdQuery(userAdminContract, 'get_user_information', { user_id: userId }, { enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={userInfoTexts.title(userId)} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {information.data ? (
        <UserInfo user={information.data} onClose={onClose} />
      ) : information.error ? (
        // The failure also shows in the page's red banner, behind the dialog: repeated here, where the admin looks.
        <Text c="red.8">{information.error.message}</Text>
      ) : (
        <Loader size="sm" role="progressbar" aria-label="Loading" />
      )}
    </Modal>
  );
}
