import { Table, Text } from '@mantine/core';
import type { UserDownload } from '../../../../../shared/contract/user.admin';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { userDetailTexts } from '../messages';

/**
 * User downloads: each download of the desktop software from the download page, newest first; `label`
 * names the table (the user info dialog lists only the latest).
 */
export function UserDownloadsTable({ downloads, label = 'User downloads' }: { downloads: readonly UserDownload[]; label?: string }) {
  if (downloads.length === 0) return <Text>{userDetailTexts.noDownloads}</Text>;
  return (
    <TableFrame label={label} minWidth={420}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>OS</Table.Th>
            <Table.Th>Arch</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {downloads.map((download) => (
            <Table.Tr key={download.id}>
              <Table.Td>{formatDate(download.created)}</Table.Td>
              <Table.Td>{download.client_version}</Table.Td>
              <Table.Td>{download.os}</Table.Td>
              <Table.Td>{download.arch}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
