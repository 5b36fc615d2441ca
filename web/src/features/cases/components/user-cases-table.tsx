import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { caseStateNames, type CaseState } from '../../../../../shared/cases/cases';
import type { Case } from '../../../../../shared/contract/case';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';

/** The user's support cases, last updated first, as the user detail's Cases table; each opens its case. */
export function UserCasesTable({ cases }: { cases: readonly Case[] }) {
  if (cases.length === 0) return <Text>No support cases.</Text>;
  return (
    <TableFrame label="Cases" minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label="Cases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>Attachments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((kase) => (
            <Table.Tr key={kase.id}>
              <Table.Td>
                <Anchor component={Link} to={`/cases/${kase.id}`} aria-label={`Case ${kase.id}`}>
                  {kase.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{kase.title}</Table.Td>
              <Table.Td>{caseStateNames[kase.state as CaseState]}</Table.Td>
              <Table.Td>{formatDate(kase.updated)}</Table.Td>
              <Table.Td>{kase.attachment_count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
